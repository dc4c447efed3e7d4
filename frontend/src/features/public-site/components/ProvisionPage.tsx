import { useSearchParams } from 'react-router';
import { PAGE_META } from '@/features/public-site/utils/pages';
import { usePageMeta } from '@/features/public-site/utils/meta';
import '@/features/public-site/public-site.css';

/** /provision/success and /provision/error (spec 001 §2); the provider's name comes in `?provider=`. */
export function ProvisionPage({ outcome }: { outcome: 'success' | 'error' }) {
  const [params] = useSearchParams();
  usePageMeta(outcome === 'success' ? PAGE_META.provisionSuccess : PAGE_META.provisionError);
  const provider = params.get('provider') || 'your provider';
  return (
    <main className="public-page public-article" data-testid={`provision-${outcome}`}>
      <h1>{outcome === 'success' ? PAGE_META.provisionSuccess.title : PAGE_META.provisionError.title}</h1>
      <p>
        {outcome === 'success'
          ? 'You are now correctly provisioned. Thank you!'
          : `There was an unknown error provisioning your user. Contact ${provider}.`}
      </p>
    </main>
  );
}
