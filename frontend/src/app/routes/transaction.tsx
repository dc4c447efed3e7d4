import { useParams } from 'react-router';
import { useCostBasisStatus } from '@/features/status/api/useCostBasisStatus';
import { TransactionDetail } from '@/features/transactions/components/TransactionDetail';

/** /transactions/{transactionId}: one transaction, by its public id. */
export default function TransactionRoute() {
  const { transactionId = '' } = useParams();
  const status = useCostBasisStatus();
  return <TransactionDetail key={transactionId} publicId={transactionId} calculating={status.data?.costBasisStatus.isCostBasisRunning ?? false} />;
}
