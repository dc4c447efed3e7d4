import { Link } from 'react-router';
import { LoadFailed } from '@/components/LoadStates';
import { useSignedIn } from '@/lib/session';
import { useCatalogue } from '@/features/public-site/api/useCatalogue';
import { PAGE_META } from '@/features/public-site/utils/pages';
import { usePageMeta } from '@/features/public-site/utils/meta';
import { Hero } from './Hero';

function Catalogue() {
  const catalogue = useCatalogue(true);
  const integrations = [...(catalogue.data?.integrations ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  if (catalogue.isError) {
    return <LoadFailed title="Integrations could not be loaded" onRetry={() => void catalogue.refetch()} />;
  }
  return (
    <ul className="public-directory" data-testid="integrations-directory">
      {integrations.map((integration) => (
        <li key={integration.slug}>
          {integration.name}
          <span className="public-note">{integration.category.toLowerCase()}</span>
        </li>
      ))}
    </ul>
  );
}

export function IntegrationsPage() {
  usePageMeta(PAGE_META.integrations);
  const signedIn = useSignedIn();
  return (
    <main className="public-page">
      <Hero
        title="Integrations"
        lead="Connect exchanges with read-only API keys, blockchains and wallets by address, or import CSV files."
      />
      {signedIn ? (
        <Catalogue />
      ) : (
        <p className="public-note">
          <Link to="/signup">Start for free</Link> to browse every supported exchange, wallet and blockchain.
        </p>
      )}
    </main>
  );
}
