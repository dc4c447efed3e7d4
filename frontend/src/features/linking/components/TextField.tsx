import { useId } from 'react';
import { FieldError } from '@/components/FieldError';

/** A labelled text input (or textarea) with its error beneath. */
export function TextField({
  label,
  value,
  onChange,
  error,
  testId,
  placeholder,
  hint,
  secret = false,
  multiline = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  testId: string;
  placeholder?: string;
  hint?: string;
  secret?: boolean;
  multiline?: boolean;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    className: multiline ? 'input textarea' : 'input',
    value,
    placeholder,
    'data-testid': testId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    autoComplete: 'off',
    spellCheck: false,
  } as const;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={4} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={secret ? 'password' : 'text'} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
