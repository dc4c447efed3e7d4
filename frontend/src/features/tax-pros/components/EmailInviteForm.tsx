import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '@/components/FieldError';

const EMAIL = /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/;
export const INVALID_EMAIL = 'Enter a valid email address.';

/** One e-mail address and a button: how clients, pros and firms invite each other. */
export function EmailInviteForm({
  label,
  submitLabel,
  pending,
  onInvite,
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  onInvite: (email: string) => Promise<boolean>;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!EMAIL.test(address)) {
      setError(INVALID_EMAIL);
      return;
    }
    setError(null);
    if (await onInvite(address)) setEmail('');
  };
  return (
    <form className="form tax-pros__invite" onSubmit={(event) => void submit(event)} noValidate>
      <label className="field" htmlFor={id}>
        <span className="field__label">{label}</span>
        <input
          id={id}
          className="input"
          type="email"
          value={email}
          maxLength={320}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <FieldError id={`${id}-error`} message={error} />
      </label>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
