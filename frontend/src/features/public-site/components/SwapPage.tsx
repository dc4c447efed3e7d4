import { Link, useParams } from 'react-router';
import { PAGE_META } from '@/features/public-site/utils/pages';
import { usePageMeta } from '@/features/public-site/utils/meta';
import { swapPair } from '@/features/public-site/utils/swap';
import { SignUpButton } from './AuthButtons';
import { FeatureGrid, Hero } from './Hero';

const TAX_POINTS = [
  { title: 'A swap is a disposal', text: 'Swapping one coin for another sells the first at its market value.' },
  { title: 'Gains are worked out for you', text: 'Cairn prices both sides of every swap and finds the gain or loss.' },
  { title: 'Every DEX and exchange', text: 'Swaps from wallets and exchanges land in one transaction history.' },
];

/** /swap and /swap/{from}-{to} (spec 001 §2): what a swap means for taxes, with the pair's price pages. */
export function SwapPage() {
  const pair = swapPair(useParams()['*']);
  const title = pair ? `Swap ${pair.from} to ${pair.to}` : PAGE_META.swap.title;
  usePageMeta({
    title,
    description: pair
      ? `Swapping ${pair.from} to ${pair.to}: prices of both coins and how the swap is taxed.`
      : PAGE_META.swap.description,
  });
  return (
    <main className="public-page">
      <Hero
        title={title}
        lead="Cairn does not execute swaps: it tracks the swaps you make anywhere and works out their taxes."
      >
        {pair ? (
          <>
            <Link className="button" to={`/price/${pair.from.toLowerCase()}`}>
              {pair.from} price
            </Link>
            <Link className="button" to={`/price/${pair.to.toLowerCase()}`}>
              {pair.to} price
            </Link>
          </>
        ) : (
          <Link className="button" to="/prices">
            Crypto prices
          </Link>
        )}
        <SignUpButton section="hero" sectionTitle={title} />
      </Hero>
      <FeatureGrid items={TAX_POINTS} />
    </main>
  );
}
