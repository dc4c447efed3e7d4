import { IGNORED_ROWS_LABEL } from '@/lib/upload/messages';
import './file-box.css';

/** Why rows of a file that passed the check will be ignored, one reason per line with its rows. */
export function IgnoredRows({ reasons }: { reasons: readonly string[] }) {
  if (!reasons.length) return null;
  return (
    <div className="ignored-rows" data-testid="csv-ignored-rows">
      <p className="ignored-rows__label">{IGNORED_ROWS_LABEL}</p>
      <ul className="ignored-rows__list">
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </div>
  );
}
