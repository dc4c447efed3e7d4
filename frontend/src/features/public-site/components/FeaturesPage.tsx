import { PAGE_META } from '@/features/public-site/utils/pages';
import { usePageMeta } from '@/features/public-site/utils/meta';
import { SignUpButton } from './AuthButtons';
import { FeatureGrid, Hero } from './Hero';

const STEPS = [
  { title: '1. Connect your accounts', text: 'Link exchanges with read-only API keys, add wallet addresses, or upload CSV files.' },
  { title: '2. Review your transactions', text: 'Cairn matches transfers, flags what needs review and finds missing cost basis.' },
  { title: '3. Download your tax reports', text: 'Capital gains and income reports for every tax year, ready for your return.' },
  { title: 'Tax-loss harvesting', text: 'See which lots carry unrealized losses before the year ends.' },
  { title: 'Performance', text: 'Your return on investment over any period, across every account.' },
  { title: 'Tax professionals', text: 'Invite your CPA, or manage your clients from the tax professional dashboard.' },
];

export function FeaturesPage() {
  usePageMeta(PAGE_META.features);
  return (
    <main className="public-page">
      <Hero title="How it works" lead="From your first wallet to a finished tax report in three steps.">
        <SignUpButton section="hero" sectionTitle="How it works" />
      </Hero>
      <FeatureGrid items={STEPS} />
    </main>
  );
}
