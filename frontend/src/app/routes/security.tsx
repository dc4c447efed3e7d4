import { useEffect } from 'react';
import { ForbidViewAs } from '@/features/account-import/components/ForbidViewAs';
import { DevMailbox } from '@/features/security/components/DevMailbox';
import { DisableMfa } from '@/features/security/components/DisableMfa';
import { EnableMfa } from '@/features/security/components/EnableMfa';
import { ForgotPassword } from '@/features/security/components/ForgotPassword';
import { ResetPassword } from '@/features/security/components/ResetPassword';

function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | Cairn`;
  }, [title]);
}

/** /auth0/enable_mfa */
export function EnableMfaRoute() {
  useTitle('Turn on two-step verification');
  return (
    <ForbidViewAs>
      <EnableMfa />
    </ForbidViewAs>
  );
}

/** /auth0/disable_mfa */
export function DisableMfaRoute() {
  useTitle('Turn off two-step verification');
  return (
    <ForbidViewAs>
      <DisableMfa />
    </ForbidViewAs>
  );
}

/** /forgot-password */
export function ForgotPasswordRoute() {
  useTitle('Reset your password');
  return <ForgotPassword />;
}

/** /reset-password?token=… */
export function ResetPasswordRoute() {
  useTitle('Choose a new password');
  return <ResetPassword />;
}

/** /dev/mailbox */
export function DevMailboxRoute() {
  useTitle('Dev mailbox');
  return <DevMailbox />;
}
