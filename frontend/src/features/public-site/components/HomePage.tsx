import { Link } from 'react-router';
import { PAGE_META } from '@/features/public-site/utils/pages';
import { usePageMeta } from '@/features/public-site/utils/meta';
import { SignUpButton } from './AuthButtons';
import { FeatureGrid, Hero } from './Hero';

const HIGHLIGHTS = [
  { title: 'Every account in one place', text: 'Connect exchanges, wallets and blockchains, or import a CSV file.' },
  { title: 'Tax reports in minutes', text: 'Capital gains, income and tax-loss harvesting for every tax year.' },
  { title: 'Portfolio performance', text: 'Balances, return on investment and history across all your accounts.' },
];

export function HomePage() {
  usePageMeta(PAGE_META.home);
  return (
    <main className="public-page" data-testid="public-home">
      <Hero
        title="Crypto taxes and portfolio tracking, done right"
        lead="Trusted by 2.5 million users to track their crypto and file their taxes."
      >
        <SignUpButton section="hero" sectionTitle="Crypto taxes and portfolio tracking, done right" />
        <Link className="button" to="/features">
          How it works
        </Link>
      </Hero>
      <FeatureGrid items={HIGHLIGHTS} />
    </main>
  );
}
