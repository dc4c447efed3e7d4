import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { isRedirectProvider, oauthStartUrl, type RedirectProvider } from '@/features/linking/utils/redirect';

/** The Automatic sync tab of a redirect integration: leaves the app for the provider's consent page. */
export function RedirectConnect({ provider, name }: { provider: RedirectProvider; name: string }) {
  return (
    <div className="link-form">
      <p className="integration-detail__help">
        You will be sent to {name} to approve read-only access, then brought back here.
      </p>
      <div className="form__actions">
        <button type="button" className="button button--primary" data-testid="redirect-connect" onClick={() => window.location.assign(oauthStartUrl(provider))}>
          Connect {name}
        </button>
      </div>
    </div>
  );
}

/** /connect/{provider}: the full-page redirect route; unknown providers say so. */
export function RedirectStart() {
  const { provider } = useParams();
  const [params] = useSearchParams();
  const known = isRedirectProvider(provider);
  useEffect(() => {
    if (isRedirectProvider(provider)) window.location.replace(oauthStartUrl(provider, params));
  }, [provider, params]);
  return (
    <div className="page">
      <p className="empty-state__text" role="status" data-testid="redirect-start">
        {known ? 'Redirecting...' : 'This connection is not supported.'}
      </p>
    </div>
  );
}
