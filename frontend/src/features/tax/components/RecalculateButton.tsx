import { useEffect, useState } from 'react';
import { useRequestTaxRecalculation } from '@/features/tax/api/useTaxYear';
import { RECALCULATE_DISABLED_MS } from '@/features/tax/utils/taxYear';

/** Recalculate: requests a recalculation; disabled for 2 seconds after each click (spec 001 §4, §9). */
export function RecalculateButton() {
  const recalculation = useRequestTaxRecalculation();
  const [resting, setResting] = useState(false);
  useEffect(() => {
    if (!resting) return;
    const timer = window.setTimeout(() => setResting(false), RECALCULATE_DISABLED_MS);
    return () => window.clearTimeout(timer);
  }, [resting]);
  return (
    <button
      type="button"
      className="button"
      disabled={resting}
      onClick={() => {
        setResting(true);
        recalculation.mutate();
      }}
    >
      Recalculate
    </button>
  );
}
