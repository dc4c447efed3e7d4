import { Link } from 'react-router';
import { PAGE_META } from '@/features/public-site/utils/pages';
import { usePageMeta } from '@/features/public-site/utils/meta';
import { FeatureGrid, Hero } from './Hero';

const TESTIMONIALS = [
  { title: '“Done in an evening”', text: 'Four exchanges and two wallets, and my report was ready the same night.' },
  { title: '“My CPA loved it”', text: 'I shared my reports and the return was filed without a single question.' },
  { title: '“Finally one portfolio”', text: 'I can see every coin I own and how it performs in one place.' },
];

export function FullServicePage() {
  usePageMeta(PAGE_META.fullService);
  return (
    <main className="public-page">
      <Hero title="Full service crypto taxes" lead="A tax professional prepares your crypto taxes for you.">
        <Link className="button button--primary" to="/plans">
          See plans
        </Link>
      </Hero>
    </main>
  );
}

export function TestimonialsPage() {
  usePageMeta(PAGE_META.testimonials);
  return (
    <main className="public-page">
      <Hero title="Testimonials" lead="What our users say." />
      <FeatureGrid items={TESTIMONIALS} />
    </main>
  );
}
