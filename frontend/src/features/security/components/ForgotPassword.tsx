import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FieldError } from '@/components/FieldError';
import { securityApi } from '@/features/security/api/security';
import './security.css';

/** /forgot-password: asks for a reset link; the answer is the same whether or not the address is known. */
export function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) {
      setError('Enter your email address.');
      return;
    }
    setSubmitting(true);
    const result = await securityApi.askPasswordReset(email.trim());
    setSubmitting(false);
    if (!result.ok) {
      setError(result.detail ?? 'Something went wrong. Please try again.');
      return;
    }
    setError(null);
    setSentTo(email.trim());
  }

  return (
    <main className="centered-page">
      <div className="centered-card security-card">
        <div className="brand brand--large" aria-hidden="true">
          <span className="brand__mark" />
          <span className="brand__name">Cairn</span>
        </div>
        <h1 className="security-card__title">Reset your password</h1>
        {sentTo ? (
          <p className="security-card__subtitle" role="status">
            If an account uses {sentTo}, we sent it a link to choose a new password. The link works once, for an hour.
          </p>
        ) : (
          <>
            <p className="security-card__subtitle">Enter your account’s email and we will send you a reset link.</p>
            <form className="form" noValidate onSubmit={onSubmit} aria-label="Reset your password">
              <div className="field">
                <label className="field__label" htmlFor="reset-email">
                  Email
                </label>
                <input
                  id="reset-email"
                  className="input"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? 'reset-email-error' : undefined}
                />
                <FieldError id="reset-email-error" message={error} />
              </div>
              <button className="button button--primary button--block" type="submit" disabled={submitting}>
                {submitting ? 'Sending...' : 'Send reset link'}
              </button>
            </form>
          </>
        )}
        <p className="security-card__switch">
          <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </main>
  );
}
