import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { TaskStatus } from '@/gql/graphql';
import { Gain } from '@/components/Gain';
import { EVENTS, trackEvent } from '@/lib/analytics';
import { formatCount, formatFiat } from '@/lib/format';
import { useTaxYear } from '@/features/tax/api/useTaxYear';
import { DISPOSAL_LABELS, calloutTotal, incomeLabel, isSale } from '@/features/tax/utils/taxYear';
import { Callouts } from './Callouts';
import { RecalculateButton } from './RecalculateButton';
import { Tasks } from './Tasks';
import { TaxReadinessSheet } from './TaxReadinessSheet';
import './tax.css';

/** The years the selector offers: the last six up to the current one. */
const YEARS_SHOWN = 6;

/**
 * /tax and /tax/{taxYear}: the year's gains, income, other disposals and callouts, from the last run, the
 * user's tasks and the tax-readiness sheet; `actions` are the route's buttons beside Recalculate.
 */
export function TaxYearPage({ taxYear, actions }: { taxYear: number; actions?: ReactNode }) {
  const [taskStatus, setTaskStatus] = useState<TaskStatus>('TO_DO');
  const [readinessOpen, setReadinessOpen] = useState(false);
  const query = useTaxYear(taxYear, taskStatus);
  const thisYear = new Date().getUTCFullYear();
  const years = Array.from({ length: YEARS_SHOWN }, (_, index) => thisYear - index);
  const summary = query.data?.taxSummary;
  const currency = query.data?.me?.baseCurrency ?? 'USD';
  const money = (value: string) => formatFiat(value, currency);
  const others = summary?.disposalsByType.filter((row) => !isSale(row.type)) ?? [];
  return (
    <div className="page tax-year">
      <header className="page__header">
        <div>
          <h1 className="page__title">Taxes {taxYear}</h1>
          <nav className="tax-year__years" aria-label="Tax years">
            {years.map((year) => (
              <Link key={year} to={`/tax/${year}`} aria-current={year === taxYear ? 'page' : undefined} className="tax-year__year">
                {year}
              </Link>
            ))}
          </nav>
        </div>
        <div className="tax-year__actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              trackEvent(EVENTS.taxReadinessClicked);
              setReadinessOpen(true);
            }}
          >
            Tax readiness
          </button>
          {actions}
          <RecalculateButton />
        </div>
      </header>
      {query.isError ? <p className="notice notice--warning">The tax year could not be loaded. Please try again.</p> : null}
      {summary ? (
        <>
          <Callouts counts={summary.calloutCounts} taxYear={taxYear} />
          {query.data ? <Tasks tasks={query.data.tasksByType.tasks} status={taskStatus} onStatus={setTaskStatus} /> : null}
          <section className="card card--padded" aria-labelledby="gains-title">
            <h2 id="gains-title" className="card__title">
              Capital gains
            </h2>
            <dl className="figures" data-testid="tax-figures">
              <Figure label="Net capital gain" testId="capital-gain">
                <Gain value={summary.capitalGain} currency={currency} />
              </Figure>
              <Figure label="Short-term gain" testId="short-term-gain">
                <Gain value={summary.shortTermGain} currency={currency} />
              </Figure>
              <Figure label="Long-term gain" testId="long-term-gain">
                <Gain value={summary.longTermGain} currency={currency} />
              </Figure>
              <Figure label="Proceeds" testId="proceeds">
                {money(summary.proceeds)}
              </Figure>
              <Figure label="Cost basis" testId="cost-basis">
                {money(summary.costBasis)}
              </Figure>
              <Figure label="Transactions" testId="transaction-count">
                {formatCount(summary.transactionCount)}
              </Figure>
            </dl>
          </section>
          <section className="card" aria-labelledby="income-title">
            <div className="card__header">
              <h2 id="income-title" className="card__title">
                Income
              </h2>
              <span className="card__aside" data-testid="income-total">
                {money(summary.taxableIncomeTotal)}
              </span>
            </div>
            {summary.incomeByCategory.length === 0 ? (
              <p className="tax-year__empty muted">No income this year.</p>
            ) : (
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Category</th>
                    <th scope="col" className="num">Events</th>
                    <th scope="col" className="num">Value when received</th>
                  </tr>
                </thead>
                <tbody>
                  {summary.incomeByCategory.map((row) => (
                    <tr key={row.type}>
                      <th scope="row">{incomeLabel(row.type)}</th>
                      <td className="num">{formatCount(row.events)}</td>
                      <td className="num">{money(row.value)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section className="card" aria-labelledby="other-title">
            <div className="card__header">
              <h2 id="other-title" className="card__title">
                Donations, gifts, losses and fees
              </h2>
            </div>
            <p className="tax-year__note muted">
              Crypto given, donated, lost, stolen or spent on fees. Fees paid in cash are in the cost basis and proceeds above.
            </p>
            <table className="data-table" data-testid="other-disposals">
              <thead>
                <tr>
                  <th scope="col">Kind</th>
                  <th scope="col" className="num">Transactions</th>
                  <th scope="col" className="num">Market value</th>
                  <th scope="col" className="num">Cost basis</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(DISPOSAL_LABELS).map(([type, label]) => {
                  const row = others.find((other) => other.type === type);
                  return (
                    <tr key={type}>
                      <th scope="row">{label}</th>
                      <td className="num">{formatCount(row?.transactions ?? 0)}</td>
                      <td className="num">{money(row?.proceeds ?? '0')}</td>
                      <td className="num">{money(row?.costBasis ?? '0')}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
          <p className="muted">
            <Link to="/disposed-lots">Every disposed lot</Link> · <Link to="/tax-lots">Open tax lots</Link>
          </p>
        </>
      ) : null}
      {readinessOpen && summary && query.data ? (
        <TaxReadinessSheet
          taxYear={taxYear}
          counts={{
            errorsCount: calloutTotal(summary.calloutCounts),
            syncIssuesCount: query.data.tasksByType.syncIssues,
            walletsCount: walletsOf(query.data.me?.stats),
            transactionCount: summary.transactionCount,
          }}
          onClose={() => setReadinessOpen(false)}
        />
      ) : null}
    </div>
  );
}

function walletsOf(stats: { numberOfExchanges: number; numberOfLocalWallets: number; numberOfCustomWallets: number } | undefined) {
  return stats ? stats.numberOfExchanges + stats.numberOfLocalWallets + stats.numberOfCustomWallets : 0;
}

function Figure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
