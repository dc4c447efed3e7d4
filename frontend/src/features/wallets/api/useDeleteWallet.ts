import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import { DeleteCustomWalletDocument, DeleteExchangeDocument, DeleteWalletDocument } from '@/gql/graphql';
import { ACCOUNT_KIND } from '@/lib/accounts/syncing';
import { notifyJobStarted } from '@/lib/events';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

export const DELETE_SUCCESS = 'Wallet deleted.';
export const DELETE_ERROR = 'There was a problem while deleting your wallet. Please try again.';

async function remove({ id, kind }: { id: string; kind: number }) {
  if (kind === ACCOUNT_KIND.EXCHANGE) return (await request(DeleteExchangeDocument, { id })).deleteExchange;
  if (kind === ACCOUNT_KIND.WALLET) return (await request(DeleteWalletDocument, { id })).deleteWallet;
  return (await request(DeleteCustomWalletDocument, { id })).deleteCustomWallet;
}

/** deleteExchange, deleteWallet or deleteCustomWallet by the account's kind, with its toasts; the lists, the user's counts and the status refresh. */
export function useDeleteWallet(wallet: { id: string; kind: number }, { onDeleted }: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => remove(wallet),
    onSuccess: (answer) => {
      if (answer.success) {
        toast.success(DELETE_SUCCESS);
        notifyJobStarted();
        void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        onDeleted();
      } else {
        toast.error(answer.errorMessage || answer.error || DELETE_ERROR);
      }
    },
    onError: () => toast.error(DELETE_ERROR),
  });
}
