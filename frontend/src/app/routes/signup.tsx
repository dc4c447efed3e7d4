import { useEffect } from 'react';
import { AuthForm } from '@/features/auth/components/AuthForm';

export default function SignupRoute() {
  useEffect(() => {
    document.title = 'Sign up | Cairn';
  }, []);
  return <AuthForm mode="signup" />;
}
