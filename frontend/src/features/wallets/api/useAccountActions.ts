import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import { SetMiningStatusDocument, SyncExchangeDocument, SyncWalletDocument } from '@/gql/graphql';
import { ACCOUNT_KIND } from '@/lib/accounts/syncing';
import { notifyJobStarted } from '@/lib/events';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

export const SYNC_STARTED = 'Sync started.';
export const SYNC_ERROR = 'There was a problem while starting the sync. Please try again.';
export const MINING_ON = 'Marked as mining.';
export const MINING_OFF = 'No longer marked as mining.';
export const MINING_ERROR = 'There was a problem while changing the mining status. Please try again.';

interface Answer {
  success: boolean;
  error: string | null;
  errorMessage: string | null;
}

/** A linked-account action: its toasts, then the account lists refreshed (and the sync refresh restarted). */
function useAccountMutation<TVariables>(run: (variables: TVariables) => Promise<Answer>, texts: (variables: TVariables) => { ok: string; failed: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer, variables) => {
      if (answer.success) {
        toast.success(texts(variables).ok);
        notifyJobStarted();
        void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
      } else toast.error(answer.errorMessage || texts(variables).failed);
    },
    onError: (_error, variables) => toast.error(texts(variables).failed),
  });
}

export interface LinkedAccountRef {
  id: string;
  kind: number;
}

/** Sync now, for an exchange or a blockchain wallet. */
export function useSyncAccount() {
  return useAccountMutation(
    async ({ id, kind }: LinkedAccountRef) =>
      kind === ACCOUNT_KIND.EXCHANGE
        ? (await request(SyncExchangeDocument, { id })).syncExchange
        : (await request(SyncWalletDocument, { id })).syncWallet,
    () => ({ ok: SYNC_STARTED, failed: SYNC_ERROR }),
  );
}

/** The mining toggle (exchanges and wallets, never custom wallets). */
export function useSetMining() {
  return useAccountMutation(
    async ({ id, isMining }: { id: string; isMining: boolean }) => (await request(SetMiningStatusDocument, { id, isMining })).setMiningStatus,
    ({ isMining }) => ({ ok: isMining ? MINING_ON : MINING_OFF, failed: MINING_ERROR }),
  );
}
