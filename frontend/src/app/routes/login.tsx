import { useEffect, useState } from 'react';
import { AuthForm } from '@/features/auth/components/AuthForm';
import { ProviderSignIn } from '@/features/auth/components/ProviderSignIn';
import { MfaSignIn } from '@/features/security/components/MfaSignIn';

/** /login: the password, then, when two-step verification is on, the authenticator's code. */
export default function LoginRoute() {
  const [codeStep, setCodeStep] = useState(false);
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
