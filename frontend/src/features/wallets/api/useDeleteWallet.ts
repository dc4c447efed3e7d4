import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import { DeleteCustomWalletDocument } from '@/gql/graphql';
import { notifyJobStarted } from '@/lib/events';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

export const DELETE_SUCCESS = 'Wallet deleted.';
export const DELETE_ERROR = 'There was a problem while deleting your wallet. Please try again.';

/** deleteCustomWallet with its toasts; the lists, the user's counts and the status refresh. */
export function useDeleteWallet(walletId: string, { onDeleted }: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(DeleteCustomWalletDocument, { id: walletId }),
    onSuccess: ({ deleteCustomWallet: answer }) => {
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
