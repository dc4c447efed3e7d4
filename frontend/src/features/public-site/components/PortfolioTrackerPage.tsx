import { PAGE_META } from '@/features/public-site/utils/pages';
import { usePageMeta } from '@/features/public-site/utils/meta';
import { SignUpButton } from './AuthButtons';
import { FeatureGrid, Hero } from './Hero';

const POINTS = [
  { title: 'All your balances', text: 'Every coin on every wallet and exchange, valued in your currency.' },
  { title: 'Return on investment', text: 'Unrealized and realized gains, by asset and over time.' },
  { title: 'Unified history', text: 'One transaction history across all your accounts.' },
];

export function PortfolioTrackerPage() {
  usePageMeta(PAGE_META.portfolioTracker);
  return (
    <main className="public-page">
      <Hero title="Crypto portfolio tracker" lead="See your whole crypto portfolio in one place, updated automatically.">
        <SignUpButton section="hero" sectionTitle="Crypto portfolio tracker" />
      </Hero>
      <FeatureGrid items={POINTS} />
    </main>
  );
}
