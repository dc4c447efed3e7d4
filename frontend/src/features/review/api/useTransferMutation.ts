import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import { LinkTransferDocument, UnlinkTransferDocument } from '@/gql/graphql';
import { notifyJobStarted } from '@/lib/events';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { LINK_ERROR, LINK_SUCCESS, UNLINK_ERROR, UNLINK_SUCCESS } from '@/features/review/utils/transfer';

interface TransferPair {
  sendTransactionId: string;
  receiveTransactionId: string;
}

/** linkTransfer or unlinkTransfer, with its toast; review lists, accounts and the status panel refresh. */
export function useTransferMutation(action: 'link' | 'unlink', onDone?: () => void) {
  const queryClient = useQueryClient();
  const fallback = action === 'link' ? LINK_ERROR : UNLINK_ERROR;
  return useMutation({
    mutationFn: async (pair: TransferPair) => {
      if (action === 'link') return (await request(LinkTransferDocument, pair)).linkTransfer;
      return (await request(UnlinkTransferDocument, pair)).unlinkTransfer;
    },
    onSuccess: (result) => {
      if (!result.success) {
        toast.error(result.errorMessage || fallback);
        return;
      }
      toast.success(action === 'link' ? LINK_SUCCESS : UNLINK_SUCCESS);
      notifyJobStarted();
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
      void queryClient.invalidateQueries({ queryKey: queryKeys.costBasisStatus });
      onDone?.();
    },
    onError: () => toast.error(fallback),
  });
}
