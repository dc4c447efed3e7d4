import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AuthForm } from '@/features/auth/components/AuthForm';
import { ProviderSignIn } from '@/features/auth/components/ProviderSignIn';
import { MfaSignIn } from '@/features/security/components/MfaSignIn';

/** The identity provider's callback sends a user with two-step verification here (api/oidc.py MFA_STEP). */
const CODE_STEP = 'mfa';

/** /login: the password, then, when two-step verification is on, the authenticator's code;
 * /login?step=mfa opens on the code, after the identity provider. */
export default function LoginRoute() {
  const [params] = useSearchParams();
  const [codeStep, setCodeStep] = useState(params.get('step') === CODE_STEP);
  useEffect(() => {
    document.title = 'Sign in | Cairn';
  }, []);
  if (codeStep) return <MfaSignIn onRestart={() => setCodeStep(false)} />;
  return (
    <AuthForm mode="login" onMfaRequired={() => setCodeStep(true)}>
      <ProviderSignIn mode="login" />
    </AuthForm>
  );
}
