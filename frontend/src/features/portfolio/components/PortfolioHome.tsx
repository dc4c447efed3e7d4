import { useState } from 'react';
import { DurationPicker } from '@/components/DurationPicker';
import { Gain } from '@/components/Gain';
import type { PerformanceDuration } from '@/gql/graphql';
import { formatDate, formatFiat, formatPercent } from '@/lib/format';
import { OPENING_DURATION, usePerformanceHistory, usePortfolioSummary } from '@/features/portfolio/api/usePortfolio';
import { isStale } from '@/features/portfolio/utils/durations';
import { AllocationChart } from './AllocationChart';
import { HoldingsTable } from './HoldingsTable';
import { ValueChart } from './ValueChart';
import './portfolio.css';

/** /home and /dashboard: total value, 24 h change, value over time, allocation and holdings. */
export function PortfolioHome() {
  const [duration, setDuration] = useState<PerformanceDuration>(OPENING_DURATION);
  const summary = usePortfolioSummary();
  const history = usePerformanceHistory(duration);
  const data = summary.data?.portfolioSummary;
  const currency = data?.baseCurrency ?? 'USD';
  return (
    <div className="page portfolio">
      <header className="page__header">
        <div>
          <h1 className="page__title">Portfolio</h1>
          {data ? (
            <p className="portfolio__total" data-testid="portfolio-total">
              <span className="portfolio__value">{formatFiat(data.totalValue, currency)}</span>{' '}
              <span className="portfolio__change" data-testid="portfolio-change">
                <Gain value={data.change24h} currency={currency} />
                {data.change24hRatio === null ? null : ` (${formatPercent(data.change24hRatio)})`} <span className="muted">24h</span>
              </span>
            </p>
          ) : null}
          {data && isStale(data.pricesAsOf) ? (
            <p className="muted" data-testid="prices-as-of">
              Prices as of {formatDate(data.pricesAsOf)}, the latest in Cairn’s price table.
            </p>
          ) : null}
        </div>
      </header>
      {summary.isError ? <p className="notice notice--warning">The portfolio could not be loaded. Please try again.</p> : null}
      <section className="card card--padded" aria-labelledby="value-title">
        <div className="portfolio__chart-header">
          <h2 id="value-title" className="card__title">
            Value
          </h2>
          <DurationPicker value={duration} onChange={setDuration} />
        </div>
        {history.data ? (
          <ValueChart history={history.data.performanceHistory} />
        ) : (
          <div className="skeleton skeleton--block portfolio__chart-placeholder" />
        )}
      </section>
      {data && data.holdings.length > 0 ? (
        <div className="portfolio__grid">
          <section className="card" aria-labelledby="holdings-title">
            <div className="card__header">
              <h2 id="holdings-title" className="card__title">
                Holdings
              </h2>
            </div>
            <HoldingsTable holdings={data.holdings} currency={currency} />
          </section>
          <section className="card card--padded" aria-labelledby="allocation-title">
            <h2 id="allocation-title" className="card__title">
              Allocation
            </h2>
            <AllocationChart holdings={data.holdings} currency={currency} />
          </section>
        </div>
      ) : data ? (
        <div className="empty-state card">
          <p className="empty-state__title">Nothing held yet</p>
          <p className="empty-state__text">Add a wallet or import a file: your holdings show here once they are priced.</p>
        </div>
      ) : null}
    </div>
  );
}
