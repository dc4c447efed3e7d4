import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from '@/components/toast/toastStore';
import { SubmitButton } from '@/components/SubmitButton';
import { securityApi, useEmailChangeStatus, useMfaStatus } from '@/features/security/api/security';
import { useUserInfo, VIEW_AS_FORBIDDEN } from '@/lib/user';
import { ChangeEmail } from './ChangeEmail';
import { SessionList } from './SessionList';
import './security.css';

/** The security sections of /user/profile: two-step verification, password, e-mail and sessions. They
 * are the signed-in person's own, so a professional or admin viewing as a user is shown none of them. */
export function SecuritySettings() {
  const me = useUserInfo();
  if (me.isPending) return null;
  if (me.data?.me?.viewAsUserId) {
    return (
      <section className="card card--padded security" aria-labelledby="security-title">
        <h2 id="security-title" className="card__title">
          Security
        </h2>
        <p className="notice notice--warning" role="alert">
          {VIEW_AS_FORBIDDEN}
        </p>
      </section>
    );
  }
  return <OwnSecuritySettings />;
}

function OwnSecuritySettings() {
  const mfa = useMfaStatus().data;
  const email = useEmailChangeStatus().data?.email;
  const reset = useMutation({
    mutationFn: async () => {
      const result = await securityApi.askPasswordReset(email ?? '');
      if (!result.ok) throw new Error(result.detail ?? 'Something went wrong. Please try again.');
    },
    onSuccess: () => toast.success(`We sent a link to reset your password to ${email}.`),
    onError: (error) => toast.error(error.message),
  });
  return (
    <>
      <section className="card card--padded security" aria-labelledby="two-step-title">
        <h2 id="two-step-title" className="card__title">
          Two-step verification
        </h2>
        {mfa ? (
          <div className="security__row">
            <p className="security__text">
              <span className={`security__pill ${mfa.isTwoStepVerificationEnabled ? 'security__pill--on' : ''}`}>
                {mfa.isTwoStepVerificationEnabled ? 'On' : 'Off'}
              </span>{' '}
              {mfa.isTwoStepVerificationEnabled
                ? `Signing in asks for a code from your authenticator app. ${mfa.recoveryCodesLeft} recovery codes left.`
                : 'Protect your account with a code from an authenticator app each time you sign in.'}
            </p>
            {mfa.isTwoStepVerificationEnabled ? (
              <Link className="button button--secondary" to="/auth0/disable_mfa">
                Turn off
              </Link>
            ) : (
              <Link className="button button--primary" to="/auth0/enable_mfa">
                Turn on
              </Link>
            )}
          </div>
        ) : null}
      </section>
      <section className="card card--padded security" aria-labelledby="password-title">
        <h2 id="password-title" className="card__title">
          Password
        </h2>
        <div className="security__row">
          <p className="security__text">We will email you a link to choose a new password. It works once, for an hour.</p>
          <SubmitButton
            type="button"
            className="button button--secondary"
            pending={reset.isPending}
            disabled={!email}
            onClick={() => reset.mutate()}
          >
            Reset password
          </SubmitButton>
        </div>
      </section>
      <ChangeEmail />
      <SessionList />
    </>
  );
}
