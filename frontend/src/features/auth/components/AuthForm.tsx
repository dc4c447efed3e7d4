import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FieldError } from '@/components/FieldError';
import { notifySignedIn, safeNext } from '@/lib/session';
import { login, signup } from '@/features/auth/api/auth';
import { validateCredentials, type CredentialErrors } from '@/features/auth/utils/validation';
import './auth.css';

interface AuthFormProps {
  mode: 'login' | 'signup';
  /** The password was right and the account asks for a second factor (the server answered 202). */
  onMfaRequired?: () => void;
  /** Shown beneath the form: other ways in (an identity provider). */
  children?: ReactNode;
}

const COPY = {
  login: {
    title: 'Sign in',
    subtitle: 'Welcome back. Sign in to see your portfolio and taxes.',
    submit: 'Sign in',
    busy: 'Signing in...',
    switchText: "Don't have an account?",
    switchLabel: 'Start for free',
    switchPath: '/signup',
    passwordAutocomplete: 'current-password',
  },
  signup: {
    title: 'Create your account',
    subtitle: 'Track your crypto portfolio and taxes in one place.',
    submit: 'Create account',
    busy: 'Creating account...',
    switchText: 'Already have an account?',
    switchLabel: 'Sign in',
    switchPath: '/login',
    passwordAutocomplete: 'new-password',
  },
} as const;

/** Routes a server detail to the field it is about. */
function serverErrors(mode: 'login' | 'signup', status: number, detail: string | null): CredentialErrors & { form?: string } {
  if (mode === 'login' && status === 401) return { password: detail ?? 'Incorrect email or password.' };
  if (mode === 'signup' && status === 409) return { email: detail ?? 'An account with this email already exists.' };
  if (status === 422 && detail) {
    return /password/i.test(detail) ? { password: detail } : { email: detail };
  }
  return { form: detail ?? 'Something went wrong. Please try again.' };
}

export function AuthForm({ mode, onMfaRequired, children }: AuthFormProps) {
  const copy = COPY[mode];
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = params.get('next');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<CredentialErrors & { form?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const id = useId();
  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateCredentials(email, password, mode);
    setErrors(found);
    if (found.email || found.password) return;
    setSubmitting(true);
    const result = mode === 'login' ? await login(email.trim(), password) : await signup(email.trim(), password);
    setSubmitting(false);
    if (!result.ok) {
      setErrors(serverErrors(mode, result.status, result.detail));
      return;
    }
    if (result.status === 202 && onMfaRequired) {
      onMfaRequired();
      return;
    }
    notifySignedIn();
    // Without a `next`: the main address, which lands the user on their web-app home page — onboarding
    // for a new account (spec 001 §2).
    navigate(safeNext(next, '/'), { replace: true });
  }

  const switchSearch = next ? `?next=${encodeURIComponent(next)}` : '';

  return (
    <main className="centered-page">
      <div className="centered-card auth-card">
        <div className="brand brand--large" aria-hidden="true">
          <span className="brand__mark" />
          <span className="brand__name">Cairn</span>
        </div>
        <h1 className="auth-card__title">{copy.title}</h1>
        <p className="auth-card__subtitle">{copy.subtitle}</p>
        <form className="form" noValidate onSubmit={onSubmit} aria-label={copy.title}>
          <div className="field">
            <label className="field__label" htmlFor={emailId}>
              Email
            </label>
            <input
              id={emailId}
              className="input"
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${emailId}-error` : undefined}
            />
            <FieldError id={`${emailId}-error`} message={errors.email} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={passwordId}>
              Password
            </label>
            <input
              id={passwordId}
              className="input"
              name="password"
              type="password"
              autoComplete={copy.passwordAutocomplete}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? `${passwordId}-error` : undefined}
            />
            <FieldError id={`${passwordId}-error`} message={errors.password} />
            {mode === 'signup' && !errors.password ? (
              <p className="field__hint">At least 8 characters.</p>
            ) : null}
            {mode === 'login' ? (
              <p className="field__hint">
                <Link to="/forgot-password">Forgot password?</Link>
              </p>
            ) : null}
          </div>
          {errors.form ? (
            <p className="form__error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <button className="button button--primary button--block" type="submit" disabled={submitting}>
            {submitting ? copy.busy : copy.submit}
          </button>
        </form>
        {children}
        <p className="auth-card__switch">
          {copy.switchText} <Link to={`${copy.switchPath}${switchSearch}`}>{copy.switchLabel}</Link>
        </p>
      </div>
    </main>
  );
}
