import { useParams } from 'react-router';
import { DisposedLots } from '@/features/lots/components/DisposedLots';

/** /disposed-lots and /disposed-lots/{flowId}. */
export default function DisposedLotsRoute() {
  const { flowId } = useParams();
  return <DisposedLots key={flowId ?? ''} flowId={flowId ?? null} />;
}
