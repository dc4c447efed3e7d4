import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { fetchIdentityProvider, providerPath } from '@/features/auth/api/provider';

const COPY = { login: 'Sign in with', signup: 'Sign up with' } as const;

/**
 * "Sign in with {provider name}" when the server has an identity provider, and the message the provider
 * sign-in came back with (`errorMessage`, spec 001 §2), which the sign-in page shows above its form.
 */
export function ProviderSignIn({ mode }: { mode: 'login' | 'signup' }) {
  const [params] = useSearchParams();
  const provider = useQuery({ queryKey: ['identityProvider'], queryFn: fetchIdentityProvider, staleTime: Infinity });
  const error = params.get('errorMessage');
  const name = provider.data?.name;
  return (
    <>
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      {name ? (
        <>
          <p className="auth-card__divider">or</p>
          <a className="button button--block" href={providerPath(mode, params.get('next'))}>
            {COPY[mode]} {name}
          </a>
        </>
      ) : null}
    </>
  );
}
