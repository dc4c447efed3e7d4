import { useParams } from 'react-router';
import { TaxLots } from '@/features/lots/components/TaxLots';

/** /tax-lots and /tax-lots/{symbolNameOrSlug}. */
export default function TaxLotsRoute() {
  const { asset } = useParams();
  return <TaxLots key={asset ?? ''} asset={asset ?? null} />;
}
