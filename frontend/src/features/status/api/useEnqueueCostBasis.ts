import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toastStore';
import { EnqueueCostBasisDocument } from '@/gql/graphql';
import { notifyJobStarted } from '@/lib/events';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { ENQUEUE_FAILURE_MESSAGE, ENQUEUE_SUCCESS_MESSAGE } from '@/features/status/utils/accountStatus';

/** Recalculate: enqueues portfolio and tax calculations at high priority, with its toasts. */
export function useEnqueueCostBasis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(EnqueueCostBasisDocument, { priority: 'HIGH' }),
    onSuccess: (data) => {
      if (data.enqueueCostBasis.success) {
        toast.success(ENQUEUE_SUCCESS_MESSAGE);
        notifyJobStarted();
        void queryClient.invalidateQueries({ queryKey: queryKeys.costBasisStatus });
      } else {
        toast.error(ENQUEUE_FAILURE_MESSAGE);
      }
    },
    onError: () => toast.error(ENQUEUE_FAILURE_MESSAGE),
  });
}
