import { VALIDATION_ERRORS_LABEL } from '@/lib/upload/messages';
import './file-box.css';

/** Server validation errors, one per line under the label Validation errors. */
export function ValidationErrors({ errors }: { errors: readonly string[] }) {
  if (!errors.length) return null;
  return (
    <div className="validation-errors" data-testid="csv-validation-errors" role="alert">
      <p className="validation-errors__label">{VALIDATION_ERRORS_LABEL}</p>
      <ul className="validation-errors__list">
        {errors.map((message, index) => (
          <li key={`${index}-${message}`}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
