import { useEffect } from 'react';
import { AuthForm } from './AuthForm';

export default function SignupPage() {
  useEffect(() => {
    document.title = 'Sign up | Cairn';
  }, []);
  return <AuthForm mode="signup" />;
}
