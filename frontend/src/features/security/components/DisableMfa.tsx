import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { FieldError } from '@/components/FieldError';
import { SubmitButton } from '@/components/SubmitButton';
import { toast } from '@/components/toast/toastStore';
import { securityApi, securityKeys } from '@/features/security/api/security';
import './security.css';

/** /auth0/disable_mfa: a code from the authenticator app, or a recovery code, turns it off. */
export function DisableMfa() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const disable = useMutation({
    mutationFn: () => securityApi.disableMfa(code.trim()),
    onSuccess: async (result) => {
      if (!result.ok) {
        setError(result.detail);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: securityKeys.mfa });
      toast.success('Two-step verification is off.');
      navigate('/user/profile');
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    disable.mutate();
  }

  return (
    <div className="page security-page">
      <header className="page__header">
        <h1 className="page__title">Turn off two-step verification</h1>
      </header>
      <section className="card card--padded form security">
        <p className="security__text">
          Signing in will ask only for your password. Enter a code from your authenticator app, or a recovery code, to
          confirm.
        </p>
        <form className="settings__inline" onSubmit={onSubmit} aria-label="Turn off two-step verification">
          <label className="field">
            <span className="field__label">Code</span>
            <input
              className="input security__code"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'disable-mfa-error' : undefined}
            />
          </label>
          <SubmitButton pending={disable.isPending} disabled={!code.trim()}>
            Turn off
          </SubmitButton>
          <Link className="button button--secondary" to="/user/profile">
            Cancel
          </Link>
        </form>
        <FieldError id="disable-mfa-error" message={error} />
      </section>
    </div>
  );
}
