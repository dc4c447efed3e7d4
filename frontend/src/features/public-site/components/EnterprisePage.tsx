import { Link } from 'react-router';
import { PAGE_META } from '@/features/public-site/utils/pages';
import { usePageMeta } from '@/features/public-site/utils/meta';
import { FeatureGrid, Hero } from './Hero';

const OFFER = [
  { title: 'Cost basis engine', text: 'Exchange-grade cost basis and gain reporting for every customer account.' },
  { title: 'Tax firms', text: 'Manage members and clients, with a discount on every client tax plan.' },
  { title: 'Every integration', text: 'The same exchanges, wallets and blockchains as the personal product.' },
];

export function EnterprisePage() {
  usePageMeta(PAGE_META.enterprise);
  return (
    <main className="public-page">
      <Hero title="Crypto tax software for enterprises" lead="For tax firms, exchanges and brokers.">
        <Link className="button button--primary" to="/enterprise/schedule-demo">
          Book your demo
        </Link>
      </Hero>
      <section id="features">
        <FeatureGrid items={OFFER} />
      </section>
    </main>
  );
}
