import { useParams } from 'react-router';
import { EnqueueCostBasisButton } from '@/features/status/components/EnqueueCostBasisButton';
import { TaxYearPage } from '@/features/tax/components/TaxYearPage';
import { taxYearOf } from '@/features/tax/utils/taxYear';

/** /tax and /tax/{taxYear}; /tax opens the current year. */
export default function TaxRoute() {
  const { taxYear } = useParams();
  return <TaxYearPage taxYear={taxYearOf(taxYear)} actions={<EnqueueCostBasisButton />} />;
}
