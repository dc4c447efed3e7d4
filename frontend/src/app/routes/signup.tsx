import { useEffect } from 'react';
import { AuthForm } from '@/features/auth/components/AuthForm';
import { ProviderSignIn } from '@/features/auth/components/ProviderSignIn';

export default function SignupRoute() {
  useEffect(() => {
    document.title = 'Sign up | Cairn';
  }, []);
  return (
    <AuthForm mode="signup">
      <ProviderSignIn mode="signup" />
    </AuthForm>
  );
}
