import { PAGE_META } from '@/features/public-site/utils/pages';
import { usePageMeta } from '@/features/public-site/utils/meta';
import { CatalogueList } from './CatalogueList';
import { Hero } from './Hero';

/** /integrations: the whole catalogue, for every visitor. */
export function IntegrationsPage() {
  usePageMeta(PAGE_META.integrations);
  return (
    <main className="public-page">
      <Hero
        title="Integrations"
        lead="Connect exchanges with read-only API keys, blockchains and wallets by address, or import CSV files."
      />
      <CatalogueList />
    </main>
  );
}
