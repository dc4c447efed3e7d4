import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FieldError } from '@/components/FieldError';
import { toast } from '@/components/toast/toastStore';
import { clearSession, isSignedIn } from '@/lib/session';
import { securityApi } from '@/features/security/api/security';
import './security.css';

const MIN_PASSWORD_CHARS = 8;

/** /reset-password?token=…: the e-mailed link's page, where the new password is chosen. */
export function ResetPassword() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_CHARS) {
      setError(`Password must be at least ${MIN_PASSWORD_CHARS} characters.`);
      return;
    }
    setSubmitting(true);
    const result = await securityApi.confirmPasswordReset(token, password);
    setSubmitting(false);
    if (!result.ok) {
      setError(result.detail ?? 'Something went wrong. Please try again.');
      return;
    }
    if (isSignedIn()) clearSession('signed-out'); // the new password ended every session
    toast.success('Your password was changed. Sign in with the new one.');
    navigate('/login', { replace: true });
  }

  return (
    <main className="centered-page">
      <div className="centered-card security-card">
        <div className="brand brand--large" aria-hidden="true">
          <span className="brand__mark" />
          <span className="brand__name">Cairn</span>
        </div>
        <h1 className="security-card__title">Choose a new password</h1>
        <p className="security-card__subtitle">Every browser signed in to your account will be signed out.</p>
        <form className="form" noValidate onSubmit={onSubmit} aria-label="Choose a new password">
          <div className="field">
            <label className="field__label" htmlFor="new-password">
              New password
            </label>
            <input
              id="new-password"
              className="input"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'new-password-error' : undefined}
            />
            <FieldError id="new-password-error" message={error} />
            {!error ? <p className="field__hint">At least 8 characters.</p> : null}
          </div>
          <button className="button button--primary button--block" type="submit" disabled={submitting}>
            {submitting ? 'Saving...' : 'Set new password'}
          </button>
        </form>
        <p className="security-card__switch">
          <Link to="/forgot-password">Ask for a new link</Link>
        </p>
      </div>
    </main>
  );
}
