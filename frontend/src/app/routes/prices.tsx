import { Navigate, useParams } from 'react-router';
import { useCoinPricePage } from '@/features/prices/api/usePrices';
import { CoinPage } from '@/features/prices/components/CoinPage';
import { PricesPage } from '@/features/prices/components/PricesPage';
import { coinPageMeta, coinsView, PRICES_VIEWS, type PricesView } from '@/features/prices/utils/views';
import { usePageMeta } from '@/features/public-site/utils/meta';

/** /prices, /prices/all, /prices/watchlist (spec 001 §2). */
export function PricesRoute({ view }: { view: PricesView }) {
  const info = PRICES_VIEWS[view];
  usePageMeta({ title: info.title, description: info.description });
  return <PricesPage view={view} />;
}

/** /coins/{trading-volume|gainers-and-losers|market-cap|live-charts|most-volatile}; /coins alone lists by market cap. */
export function CoinsRoute() {
  const view = coinsView(useParams().ranking ?? 'market-cap');
  if (!view) return <Navigate to="/not_found" replace />;
  return <PricesRoute view={view} />;
}

/** /price/{symbolNameOrSlug}. */
export function PriceRoute() {
  const slug = useParams().slug ?? '';
  const coin = useCoinPricePage(slug).data?.coinPricePage?.coin;
  usePageMeta(coinPageMeta(coin));
  return <CoinPage key={slug} slug={slug} />;
}
