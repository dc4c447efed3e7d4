import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FieldError } from '@/components/FieldError';
import { SubmitButton } from '@/components/SubmitButton';
import { securityApi, securityKeys, type MfaSetup } from '@/features/security/api/security';
import './security.css';

/** /auth0/enable_mfa: scan the QR code (or copy the key), confirm with a code, keep the recovery codes. */
export function EnableMfa() {
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const started = useRef(false);
  const start = useMutation({
    mutationFn: () => securityApi.setupMfa(),
    onSuccess: (result) => (result.data ? setSetup(result.data) : setError(result.detail)),
  });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start.mutate();
  }, [start]);
  const enable = useMutation({
    mutationFn: () => securityApi.enableMfa(code.trim()),
    onSuccess: async (result) => {
      if (!result.data) {
        setError(result.detail);
        return;
      }
      setRecoveryCodes(result.data.recoveryCodes);
      await queryClient.invalidateQueries({ queryKey: securityKeys.mfa });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    enable.mutate();
  }

  if (recoveryCodes) {
    return (
      <div className="page security-page">
        <header className="page__header">
          <h1 className="page__title">Two-step verification is on</h1>
        </header>
        <section className="card card--padded form security" aria-labelledby="recovery-title">
          <h2 id="recovery-title" className="card__title">
            Save your recovery codes
          </h2>
          <p className="security__text">
            Each code signs you in once if you lose your authenticator app. They are shown only now: keep them somewhere
            safe.
          </p>
          <ul className="security__codes" aria-label="Recovery codes">
            {recoveryCodes.map((found) => (
              <li key={found}>{found}</li>
            ))}
          </ul>
          <div className="settings__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void navigator.clipboard?.writeText(recoveryCodes.join('\n'))}
            >
              Copy codes
            </button>
            <Link className="button button--primary" to="/user/profile">
              Done
            </Link>
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className="page security-page">
      <header className="page__header">
        <h1 className="page__title">Turn on two-step verification</h1>
      </header>
      <section className="card card--padded security" aria-labelledby="scan-title">
        <h2 id="scan-title" className="card__title">
          1. Add Cairn to your authenticator app
        </h2>
        {setup ? (
          <div className="security__setup">
            <img
              className="security__qr"
              src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
              alt="QR code to scan with your authenticator app"
            />
            <div>
              <p className="security__text">Scan the QR code, or enter this key in the app:</p>
              <p className="security__key" data-testid="mfa-secret">
                {setup.secret}
              </p>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => void navigator.clipboard?.writeText(setup.secret)}
              >
                Copy key
              </button>
            </div>
          </div>
        ) : (
          <p className="security__text">{start.isPending ? 'Preparing your key…' : error}</p>
        )}
      </section>
      <section className="card card--padded form security" aria-labelledby="confirm-title">
        <h2 id="confirm-title" className="card__title">
          2. Enter the code it shows
        </h2>
        <form className="settings__inline" onSubmit={onSubmit} aria-label="Confirm two-step verification">
          <label className="field">
            <span className="field__label">Code</span>
            <input
              className="input security__code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'enable-mfa-error' : undefined}
            />
          </label>
          <SubmitButton pending={enable.isPending} disabled={!setup || !code.trim()}>
            Turn on
          </SubmitButton>
        </form>
        <FieldError id="enable-mfa-error" message={setup ? error : null} />
      </section>
    </div>
  );
}
