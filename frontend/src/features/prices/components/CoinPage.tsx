import { useState } from 'react';
import { Link } from 'react-router';
import { DurationPicker } from '@/components/DurationPicker';
import { LoadFailed } from '@/components/LoadStates';
import type { PerformanceDuration } from '@/gql/graphql';
import { formatDate, formatDateTime, formatFiat } from '@/lib/format';
import { useCoinPriceChart, useCoinPricePage, useLiveCoinPrice } from '@/features/prices/api/usePrices';
import { changeDirection, formatChange } from '@/features/prices/utils/change';
import { PRICES_VIEWS } from '@/features/prices/utils/views';
import { PriceChart } from './PriceChart';
import { PricesNav } from './PricesNav';
import './prices.css';

function Chart({ slug, name }: { slug: string; name: string }) {
  const [duration, setDuration] = useState<PerformanceDuration>('ONE_MONTH');
  const chart = useCoinPriceChart(slug, duration);
  return (
    <section className="card coin-page__chart" aria-label={`${name} price chart`}>
      <DurationPicker value={duration} onChange={setDuration} />
      {chart.isError ? (
        <LoadFailed title="The chart could not be loaded." onRetry={() => void chart.refetch()} />
      ) : chart.data ? (
        <PriceChart points={chart.data.coinPriceChart} name={name} />
      ) : (
        <span className="skeleton skeleton--block" aria-busy="true" />
      )}
    </section>
  );
}

/** /price/{symbolNameOrSlug}: the coin's latest price (kept live), changes, chart per duration and market info. */
export function CoinPage({ slug }: { slug: string }) {
  const page = useCoinPricePage(slug);
  const found = page.data?.coinPricePage;
  const live = useLiveCoinPrice(found?.coin.symbol);
  if (page.isError || !page.data) {
    return (
      <main className="prices-page">
        {page.isError ? (
          <LoadFailed title="This coin could not be loaded." onRetry={() => void page.refetch()} />
        ) : (
          <span className="skeleton skeleton--block" aria-busy="true" />
        )}
      </main>
    );
  }
  if (!found) {
    return (
      <main className="prices-page">
        <h1>Coin not found</h1>
        <p>
          No coin is named “{slug}”. See <Link to={PRICES_VIEWS.all.path}>all coins</Link>.
        </p>
      </main>
    );
  }
  const { coin, marketInfo } = found;
  const current = live.data?.liveCoinPrices[0];
  const latest = current ?? coin;
  return (
    <main className="prices-page coin-page" data-testid="coin-page">
      <PricesNav />
      <h1>
        {coin.name} price <span className="coin-page__symbol">{coin.symbol}</span>
      </h1>
      <p className="coin-page__price">
        <span data-testid="coin-price">{formatFiat(latest.price, 'USD')}</span>
        <span className={`price-change price-change--${changeDirection(coin.change24h)}`}>{formatChange(coin.change24h)} (24h)</span>
        <span className={`price-change price-change--${changeDirection(coin.change7d)}`}>{formatChange(coin.change7d)} (7d)</span>
      </p>
      <p className="coin-page__as-of">
        {current?.updatedAt ? `Live price in USD as of ${formatDateTime(current.updatedAt)}` : `Daily close in USD as of ${formatDate(latest.day)}`}
      </p>
      <Chart slug={coin.slug} name={coin.name} />
      <section className="card coin-page__market" aria-labelledby="market-info">
        <h2 id="market-info">Market info</h2>
        <dl>
          <dt>Market cap rank</dt>
          <dd>{coin.rank ?? '—'}</dd>
          <dt>All-time high close</dt>
          <dd>{formatFiat(marketInfo.allTimeHigh, 'USD')}</dd>
          <dt>52-week high</dt>
          <dd>{formatFiat(marketInfo.yearHigh, 'USD')}</dd>
          <dt>52-week low</dt>
          <dd>{formatFiat(marketInfo.yearLow, 'USD')}</dd>
          <dt>Price history since</dt>
          <dd>{formatDate(marketInfo.firstDay)}</dd>
          <dt>Market cap</dt>
          <dd data-testid="coin-market-cap">{marketInfo.marketCap ? formatFiat(marketInfo.marketCap, 'USD', { shortened: true }) : '—'}</dd>
          <dt>Volume (24h)</dt>
          <dd data-testid="coin-volume">{marketInfo.volume24h ? formatFiat(marketInfo.volume24h, 'USD', { shortened: true }) : '—'}</dd>
        </dl>
        {marketInfo.marketUpdatedAt ? (
          <p className="coin-page__as-of">Market cap and volume as of {formatDateTime(marketInfo.marketUpdatedAt)}</p>
        ) : null}
      </section>
    </main>
  );
}
