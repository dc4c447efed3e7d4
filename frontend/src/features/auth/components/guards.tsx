import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { loginPath, safeNext, useSignedIn } from '@/lib/session';

/** A protected page: an unauthenticated visit redirects once to /login?next=<current address>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const location = useLocation();
  if (!signedIn) {
    return <Navigate to={loginPath(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return <>{children}</>;
}

/** /login and /signup: a signed-in visitor goes on to `next`, or to the main address, which lands them
 * on their web-app home page (onboarding for a new account, spec 001 §2). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const [params] = useSearchParams();
  if (signedIn) return <Navigate to={safeNext(params.get('next'), '/')} replace />;
  return <>{children}</>;
}
