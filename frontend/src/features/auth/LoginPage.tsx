import { useEffect } from 'react';
import { AuthForm } from './AuthForm';

export default function LoginPage() {
  useEffect(() => {
    document.title = 'Sign in | Cairn';
  }, []);
  return <AuthForm mode="login" />;
}
