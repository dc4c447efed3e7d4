/** Resync all: every exchange and wallet of the user, from the wallets page and the status panel. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import { ResyncAllDocument } from '@/gql/graphql';
import { notifyJobStarted } from '@/lib/events';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

export const RESYNC_ALL_STARTED = 'Syncing all your exchanges and wallets.';
export const RESYNC_ALL_ERROR = 'There was a problem while starting the sync. Please try again.';

export function useResyncAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await request(ResyncAllDocument)).resyncAll,
    onSuccess: (answer) => {
      if (answer.success) {
        toast.success(RESYNC_ALL_STARTED);
        notifyJobStarted();
        void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
      } else toast.error(answer.errorMessage || RESYNC_ALL_ERROR);
    },
    onError: () => toast.error(RESYNC_ALL_ERROR),
  });
}
