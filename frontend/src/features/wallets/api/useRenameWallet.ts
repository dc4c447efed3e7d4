import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import { RenameCustomWalletDocument, RenameExchangeDocument, RenameWalletDocument } from '@/gql/graphql';
import { ACCOUNT_KIND } from '@/lib/accounts/syncing';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

export const RENAME_SUCCESS = 'Wallet renamed.';
export const RENAME_ERROR = 'There was a problem while renaming your wallet. Please try again.';

async function rename({ id, kind }: { id: string; kind: number }, name: string) {
  if (kind === ACCOUNT_KIND.EXCHANGE) return (await request(RenameExchangeDocument, { id, name })).renameExchange;
  if (kind === ACCOUNT_KIND.WALLET) return (await request(RenameWalletDocument, { id, name })).renameWallet;
  return (await request(RenameCustomWalletDocument, { id, name })).renameCustomWallet;
}

/** renameExchange, renameWallet or renameCustomWallet by the account's kind: on success a toast and refreshed lists, then onRenamed; otherwise onError with the message. */
export function useRenameWallet(
  wallet: { id: string; kind: number },
  { onRenamed, onError }: { onRenamed: () => void; onError: (message: string) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => rename(wallet, name),
    onSuccess: (answer) => {
      if (answer.success) {
        toast.success(RENAME_SUCCESS);
        void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
        onRenamed();
      } else {
        onError(answer.errorMessage || answer.error || RENAME_ERROR);
      }
    },
    onError: () => onError(RENAME_ERROR),
  });
}
