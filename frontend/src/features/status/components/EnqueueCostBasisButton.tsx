import { SubmitButton } from '@/components/SubmitButton';
import { useEnqueueCostBasis } from '@/features/status/api/useEnqueueCostBasis';

/** Enqueues portfolio and tax calculations at high priority (enqueueCostBasis), with the §8 toasts. */
export function EnqueueCostBasisButton() {
  const enqueue = useEnqueueCostBasis();
  return (
    <SubmitButton type="button" className="button" pending={enqueue.isPending} onClick={() => enqueue.mutate()}>
      Calculate portfolio and taxes
    </SubmitButton>
  );
}
