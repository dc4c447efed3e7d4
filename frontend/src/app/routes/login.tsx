import { useEffect } from 'react';
import { AuthForm } from '@/features/auth/components/AuthForm';

export default function LoginRoute() {
  useEffect(() => {
    document.title = 'Sign in | Cairn';
  }, []);
  return <AuthForm mode="login" />;
}
