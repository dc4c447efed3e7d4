import { useState, type ReactNode } from 'react';
import { DurationPicker } from '@/components/DurationPicker';
import { Gain } from '@/components/Gain';
import type { PerformanceDuration } from '@/gql/graphql';
import { formatDate, formatFiat } from '@/lib/format';
import { usePerformance } from '@/features/performance/api/usePerformance';
import { AssetPerformanceTable } from './AssetPerformanceTable';
import { PerformanceChart } from './PerformanceChart';
import './performance.css';

function Figure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="performance__figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** /performance: over one of the spec's durations, the value at both ends, net deposits, profit, gains and income, overall and per asset. */
export function PerformancePage() {
  const [duration, setDuration] = useState<PerformanceDuration>('ONE_YEAR');
  const query = usePerformance(duration);
  const data = query.data?.portfolioPerformance;
  const currency = data?.baseCurrency ?? 'USD';
  return (
    <div className="page performance">
      <header className="page__header">
        <div>
          <h1 className="page__title">Performance</h1>
          {data ? (
            <p className="muted" data-testid="performance-period">
              From the close of {formatDate(data.start)} to {formatDate(data.end)}
            </p>
          ) : null}
        </div>
        <DurationPicker value={duration} onChange={setDuration} />
      </header>
      {query.isError ? <p className="notice notice--warning">Performance could not be loaded. Please try again.</p> : null}
      <section className="card card--padded" aria-labelledby="performance-figures-title">
        <h2 id="performance-figures-title" className="visually-hidden">
          Figures
        </h2>
        {data ? (
          <>
            <dl className="performance__figures" data-testid="performance-figures">
              <Figure label="Value" testId="closing-value">
                {formatFiat(data.closingValue, currency)}
              </Figure>
              <Figure label="Value change" testId="value-change">
                <Gain value={data.valueChange} currency={currency} />
              </Figure>
              <Figure label="Net deposits" testId="net-deposits">
                {formatFiat(data.netDeposits, currency)}
              </Figure>
              <Figure label="Profit" testId="profit">
                <Gain value={data.profit} currency={currency} />
              </Figure>
              <Figure label="Realized gain" testId="realized-gain">
                <Gain value={data.realizedGain} currency={currency} />
              </Figure>
              <Figure label="Unrealized gain" testId="unrealized-gain">
                <Gain value={data.unrealizedGain} currency={currency} />
              </Figure>
              <Figure label="Income" testId="income">
                {formatFiat(data.income, currency)}
              </Figure>
            </dl>
            <p className="performance__note muted">
              Net deposits: fiat deposited less fiat withdrawn, plus crypto received less crypto sent, each at its value on its day; transfers
              between your own wallets are left out. Profit is the value change less net deposits. Realized gain and income are the period’s;
              unrealized gain is the open lots’ today.
            </p>
          </>
        ) : (
          <div className="skeleton skeleton--block" />
        )}
      </section>
      <section className="card card--padded" aria-labelledby="performance-chart-title">
        <div className="performance__chart-header">
          <h2 id="performance-chart-title" className="card__title">
            Value and net deposits
          </h2>
        </div>
        {data ? <PerformanceChart points={data.points} currency={currency} /> : <div className="skeleton skeleton--block performance__chart-placeholder" />}
      </section>
      {data && data.assets.length > 0 ? (
        <section className="card" aria-labelledby="performance-assets-title">
          <div className="card__header">
            <h2 id="performance-assets-title" className="card__title">
              By asset
            </h2>
          </div>
          <AssetPerformanceTable assets={data.assets} currency={currency} />
        </section>
      ) : data ? (
        <div className="empty-state card">
          <p className="empty-state__title">Nothing to show yet</p>
          <p className="empty-state__text">Add a wallet or import a file: deposits, gains and income show here once Cairn has calculated them.</p>
        </div>
      ) : null}
    </div>
  );
}
