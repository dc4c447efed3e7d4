import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import { RenameCustomWalletDocument } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

export const RENAME_SUCCESS = 'Wallet renamed.';
export const RENAME_ERROR = 'There was a problem while renaming your wallet. Please try again.';

/** renameCustomWallet: on success a toast and refreshed lists, then onRenamed; otherwise onError with the message. */
export function useRenameWallet(walletId: string, { onRenamed, onError }: { onRenamed: () => void; onError: (message: string) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => request(RenameCustomWalletDocument, { id: walletId, name }),
    onSuccess: ({ renameCustomWallet: answer }) => {
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
