import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import { UserSettingsDocument } from '@/gql/graphql';
import { notifyJobStarted } from '@/lib/events';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

export const SAVED_MESSAGE = 'Settings saved.';
export const RECALCULATING_MESSAGE = 'Settings saved. Recalculating your taxes...';
export const SAVE_FAILED_MESSAGE = 'The setting could not be saved. Please try again.';

export function useUserSettings() {
  return useQuery({ queryKey: queryKeys.userSettings, queryFn: () => request(UserSettingsDocument) });
}

interface Result {
  success: boolean;
  errorMessage: string | null;
}

/**
 * One settings change: `recalculates` when it alters results (the server has requested a run).
 * Every page built from results, the user and the settings are read again once it is saved.
 */
export function useSettingChange<TVariables>(send: (variables: TVariables) => Promise<Result>, { recalculates }: { recalculates: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (result) => {
      if (!result.success) {
        toast.error(result.errorMessage ?? SAVE_FAILED_MESSAGE);
        return;
      }
      toast.success(recalculates ? RECALCULATING_MESSAGE : SAVED_MESSAGE);
      if (recalculates) notifyJobStarted();
      for (const queryKey of [queryKeys.userSettings, queryKeys.me, queryKeys.results, queryKeys.costBasisStatus]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    onError: () => toast.error(SAVE_FAILED_MESSAGE),
  });
}
