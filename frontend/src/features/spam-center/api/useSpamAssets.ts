import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import { SpamAssetsDocument, ToggleSpamDocument } from '@/gql/graphql';
import { notifyJobStarted } from '@/lib/events';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { TOGGLE_FAILED } from '@/features/spam-center/utils/tabs';

/** The user's spam and suspected spam assets, and those they unmarked (the spam assets query, spec 000 §7). */
export function useSpamAssets() {
  return useQuery({ queryKey: queryKeys.spamAssets, queryFn: () => request(SpamAssetsDocument) });
}

export interface Verdict {
  assetId: string;
  symbol: string;
  isSpam: boolean;
}

/**
 * Mark an asset as spam or not spam (toggleSpam). Afterwards the list, the sidebar's dot, the balances and
 * everything the cost basis gives are read again, and the status backoff restarts, since a verdict that
 * changes what counts asks for a cost-basis run.
 */
export function useToggleSpam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ assetId, isSpam }: Verdict) => (await request(ToggleSpamDocument, { assetId, isSpam })).toggleSpam,
    onSuccess: (result, { symbol, isSpam }) => {
      if (!result.success) {
        toast.error(result.errorMessage || TOGGLE_FAILED);
        return;
      }
      toast.success(isSpam ? `${symbol} marked as spam.` : `${symbol} marked as not spam.`);
      notifyJobStarted();
      for (const queryKey of [queryKeys.spamAssets, queryKeys.sidebarInfo, queryKeys.accounts, queryKeys.results, queryKeys.costBasisStatus]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    onError: () => toast.error(TOGGLE_FAILED),
  });
}
