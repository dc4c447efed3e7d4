import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Gain } from '@/components/Gain';
import { formatCount, formatFiat } from '@/lib/format';
import { useTaxYear } from '@/features/tax/api/useTaxYear';
import { DISPOSAL_LABELS, incomeLabel, isSale } from '@/features/tax/utils/taxYear';
import { Callouts } from './Callouts';
import { RecalculateButton } from './RecalculateButton';
import './tax.css';

/** The years the selector offers: the last six up to the current one. */
const YEARS_SHOWN = 6;

/** /tax and /tax/{taxYear}: the year's gains, income, other disposals and callouts, from the last run. */
export function TaxYearPage({ taxYear }: { taxYear: number }) {
  const query = useTaxYear(taxYear);
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
        <RecalculateButton />
      </header>
      {query.isError ? <p className="notice notice--warning">The tax year could not be loaded. Please try again.</p> : null}
      {summary ? (
        <>
          <Callouts counts={summary.calloutCounts} taxYear={taxYear} />
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
    </div>
  );
}

function Figure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
