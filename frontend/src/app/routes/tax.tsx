import { useParams } from 'react-router';
import { FreezeYear } from '@/features/freezing/components/FreezeYear';
import { EnqueueCostBasisButton } from '@/features/status/components/EnqueueCostBasisButton';
import { TaxYearPage } from '@/features/tax/components/TaxYearPage';
import { taxYearOf } from '@/features/tax/utils/taxYear';

/** /tax and /tax/{taxYear}; /tax opens the current year. */
export default function TaxRoute() {
  const { taxYear } = useParams();
  const year = taxYearOf(taxYear);
  return (
    <TaxYearPage
      taxYear={year}
      actions={
        <>
          <FreezeYear taxYear={year} />
          <EnqueueCostBasisButton />
        </>
      }
    />
  );
}
