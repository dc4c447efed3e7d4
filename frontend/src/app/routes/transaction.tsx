import { useParams } from 'react-router';
import { useCostBasisStatus } from '@/features/status/api/useCostBasisStatus';
import { useCalculating } from '@/features/transactions/api/useTransactions';
import { TransactionDetail } from '@/features/transactions/components/TransactionDetail';

/** /transactions/{transactionId}: one transaction, by its public id. */
export default function TransactionRoute() {
  const { transactionId = '' } = useParams();
  const status = useCostBasisStatus();
  const calculating = useCalculating(
    status.data?.costBasisStatus.isCostBasisRunning ?? false,
    status.data?.costBasisStatus.costBasisComputeEndTime,
  );
  return <TransactionDetail key={transactionId} publicId={transactionId} calculating={calculating} />;
}
