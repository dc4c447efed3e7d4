import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '@/lib/session';
import { logout } from './auth';

/** Sign out: tell the server (clears both cookies), forget client state, go to /login. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    navigate('/login', { replace: true });
    clearSession('signed-out');
  }, [navigate]);
}
