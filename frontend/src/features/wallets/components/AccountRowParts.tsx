import { formatFiat, type Numeric } from '@/lib/format';
import { SyncingBadge } from './SyncingBadge';

/** An account row's right side: Syncing... while it syncs, and its value; test ids `<testIdPrefix>-syncing`, `-value`. */
export function AccountRowValue({
  syncing,
  deleting,
  value,
  currency,
  testIdPrefix,
}: {
  syncing: boolean;
  deleting: boolean;
  value: Numeric;
  currency: string;
  testIdPrefix: string;
}) {
  return (
    <div className="account-row__value">
      {syncing ? <SyncingBadge deleting={deleting} testId={`${testIdPrefix}-syncing`} /> : null}
      <span className="account-row__amount" data-testid={`${testIdPrefix}-value`}>
        {formatFiat(value, currency)}
      </span>
    </div>
  );
}

/** An account's sync errors, one a line (flush: without the row's indent). */
export function AccountErrors({ errors, flush = false }: { errors: readonly string[]; flush?: boolean }) {
  if (!errors.length) return null;
  return (
    <ul className={`account-row__errors${flush ? ' account-row__errors--flush' : ''}`}>
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}
