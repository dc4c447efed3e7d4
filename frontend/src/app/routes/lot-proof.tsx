import { useParams } from 'react-router';
import { LotProof } from '@/features/lots/components/LotProof';

/** /lot-proof/{flowId}/{disposedLotId}. */
export default function LotProofRoute() {
  const { flowId = '', disposedLotId = '' } = useParams();
  return <LotProof flowId={flowId} disposedLotId={disposedLotId} />;
}
