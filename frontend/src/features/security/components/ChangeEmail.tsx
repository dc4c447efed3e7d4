import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FieldError } from '@/components/FieldError';
import { SubmitButton } from '@/components/SubmitButton';
import { toast } from '@/components/toast/toastStore';
import { securityApi, securityKeys, useEmailChangeStatus } from '@/features/security/api/security';
import { EMAIL_CHANGE_BLOCKED, EMAIL_CHANGE_ERRORS } from '@/features/security/utils/messages';

/** E-mail change (spec 001 §4): submit the new address, then verify with the code sent to it. */
export function ChangeEmail() {
  const status = useEmailChangeStatus().data;
  const queryClient = useQueryClient();
  const [newEmail, setNewEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  if (!status) return null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.emailChange });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    const result = await securityApi.submitEmailChange(newEmail.trim());
    setPending(false);
    const answer = result.data;
    if (!answer) setError(result.detail ?? EMAIL_CHANGE_ERRORS.UNKNOWN_ERROR);
    else if (answer.blockedReason) setError(EMAIL_CHANGE_BLOCKED[answer.blockedReason]);
    else if (answer.error) setError(EMAIL_CHANGE_ERRORS[answer.error]);
    else {
      setError(null);
      setCode('');
      toast.success(`We sent a code to ${newEmail.trim()}.`);
    }
    await refresh();
  }

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    const result = await securityApi.verifyEmailChange(code);
    setPending(false);
    const answer = result.data;
    if (!answer) setError(result.detail ?? EMAIL_CHANGE_ERRORS.UNKNOWN_ERROR);
    else if (answer.error) setError(EMAIL_CHANGE_ERRORS[answer.error]);
    else {
      setError(null);
      setNewEmail('');
      toast.success(`Your email is now ${answer.email}.`);
      await queryClient.invalidateQueries();
      return;
    }
    await refresh();
  }

  const errorId = `${id}-error`;
  return (
    <section className="card card--padded form security" aria-labelledby="email-title">
      <h2 id="email-title" className="card__title">
        Email
      </h2>
      <p className="security__text">
        You sign in as <strong>{status.email}</strong>.
      </p>
      {status.blockedReason ? (
        <p className="security__text">{EMAIL_CHANGE_BLOCKED[status.blockedReason]}</p>
      ) : status.pendingEmail ? (
        <form className="settings__inline" onSubmit={verify} aria-label="Verify new email">
          <label className="field">
            <span className="field__label">Code sent to {status.pendingEmail}</span>
            <input
              className="input security__code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </label>
          <SubmitButton pending={pending} disabled={!code.trim()}>
            Verify
          </SubmitButton>
        </form>
      ) : (
        <form className="settings__inline" onSubmit={submit} aria-label="Change email">
          <label className="field">
            <span className="field__label">New email</span>
            <input
              className="input"
              type="email"
              autoComplete="email"
              value={newEmail}
              onChange={(event) => setNewEmail(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </label>
          <SubmitButton pending={pending} disabled={!newEmail.trim()}>
            Send code
          </SubmitButton>
        </form>
      )}
      <FieldError id={errorId} message={error} />
    </section>
  );
}
