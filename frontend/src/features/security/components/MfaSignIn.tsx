import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FieldError } from '@/components/FieldError';
import { notifySignedIn, safeNext } from '@/lib/session';
import { securityApi } from '@/features/security/api/security';
import './security.css';

/** The second step of signing in when two-step verification is on: the authenticator's code. */
export function MfaSignIn({ onRestart }: { onRestart: () => void }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) {
      setError('Enter the code from your authenticator app.');
      return;
    }
    setSubmitting(true);
    const result = await securityApi.verifyMfa(code.trim());
    setSubmitting(false);
    if (!result.ok) {
      setError(result.detail ?? 'Something went wrong. Please try again.');
      return;
    }
    notifySignedIn();
    navigate(safeNext(params.get('next')), { replace: true });
  }

  return (
    <main className="centered-page">
      <div className="centered-card security-card">
        <div className="brand brand--large" aria-hidden="true">
          <span className="brand__mark" />
          <span className="brand__name">Cairn</span>
        </div>
        <h1 className="security-card__title">Two-step verification</h1>
        <p className="security-card__subtitle">Enter the 6-digit code from your authenticator app, or a recovery code.</p>
        <form className="form" noValidate onSubmit={onSubmit} aria-label="Two-step verification">
          <div className="field">
            <label className="field__label" htmlFor="mfa-code">
              Code
            </label>
            <input
              id="mfa-code"
              className="input"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'mfa-code-error' : undefined}
            />
            <FieldError id="mfa-code-error" message={error} />
          </div>
          <button className="button button--primary button--block" type="submit" disabled={submitting}>
            {submitting ? 'Verifying...' : 'Verify'}
          </button>
        </form>
        <p className="security-card__switch">
          <button type="button" className="link-button" onClick={onRestart}>
            Back to sign in
          </button>
        </p>
      </div>
    </main>
  );
}
