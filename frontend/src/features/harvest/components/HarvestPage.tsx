import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { Gain } from '@/components/Gain';
import type { PlannedBuy } from '@/gql/graphql';
import { formatCrypto, formatDate, formatFiat } from '@/lib/format';
import { useTaxLossHarvest } from '@/features/harvest/api/useHarvest';
import { NO_RULE, RULE_NOTES, warningText } from '@/features/harvest/utils/rules';
import { PlannedBuys } from './PlannedBuys';
import './harvest.css';

/** /tax-loss-harvest: the open lots a sale today would realize a loss on, the largest first, with the 30-day rule of the user's country. */
export function HarvestPage() {
  const [planned, setPlanned] = useState<PlannedBuy[]>([]);
  const query = useTaxLossHarvest(planned);
  const data = query.data?.taxLossHarvest;
  const currency = data?.baseCurrency ?? 'USD';
  const assets = data ? [...new Set(data.candidates.map((candidate) => candidate.asset))].sort() : [];
  const note = data?.rule ? RULE_NOTES[data.rule] : null;
  return (
    <div className="page harvest">
      <header className="page__header">
        <div>
          <h1 className="page__title">Tax-loss harvesting</h1>
          {data ? (
            <p className="muted">Losses a sale at the close of {formatDate(data.saleDay)} would realize, the largest first.</p>
          ) : null}
        </div>
      </header>
      {query.isError ? (
        <p className="notice notice--warning" role="alert">
          {query.error instanceof Error && query.error.message ? query.error.message : 'Tax-loss harvesting could not be loaded. Please try again.'}{' '}
          {planned.length > 0 ? (
            <button type="button" className="button button--small" onClick={() => setPlanned([])}>
              Remove planned buys
            </button>
          ) : null}
        </p>
      ) : null}
      {data ? (
        <>
          <section className="card card--padded" aria-labelledby="harvest-totals-title">
            <h2 id="harvest-totals-title" className="visually-hidden">
              Totals
            </h2>
            <dl className="harvest__figures">
              <div className="harvest__figure">
                <dt>Short-term losses</dt>
                <dd data-testid="short-term-loss">
                  <Gain value={data.shortTermLoss} currency={currency} />
                </dd>
              </div>
              <div className="harvest__figure">
                <dt>Long-term losses</dt>
                <dd data-testid="long-term-loss">
                  <Gain value={data.longTermLoss} currency={currency} />
                </dd>
              </div>
              <div className="harvest__figure">
                <dt>Lots at a loss</dt>
                <dd data-testid="candidate-count">{data.candidates.length}</dd>
              </div>
            </dl>
          </section>
          <section className={`notice ${data.rule === 'WASH_SALE' || !data.rule ? 'notice--info' : 'notice--warning'}`} data-testid="harvest-rule">
            {note ? (
              <>
                <p className="harvest__rule-title">{note.title}</p>
                <p className="harvest__rule-text">{note.text}</p>
              </>
            ) : (
              <p className="harvest__rule-text">
                {NO_RULE} <Link to="/user/profile/tax">Tax settings</Link>
              </p>
            )}
          </section>
          {data.candidates.length > 0 ? (
            <>
              <section className="card card--padded" aria-labelledby="planned-title">
                <h2 id="planned-title" className="card__title">
                  Planned buys
                </h2>
                <p className="muted harvest__hint">Planning to buy back? Add it here to see what the 30-day rule would make of each sale.</p>
                <PlannedBuys assets={assets} planned={planned} onChange={setPlanned} />
              </section>
              <section className="card" aria-labelledby="candidates-title">
                <div className="card__header">
                  <h2 id="candidates-title" className="card__title">
                    Lots at a loss
                  </h2>
                </div>
                <div className="table-scroll">
                  <table className="data-table" data-testid="harvest-candidates">
                    <thead>
                      <tr>
                        <th scope="col">Asset</th>
                        <th scope="col">Acquired</th>
                        <th scope="col" className="num">Quantity</th>
                        <th scope="col" className="num">Cost basis</th>
                        <th scope="col" className="num">Market value</th>
                        <th scope="col" className="num">Loss if sold</th>
                        <th scope="col">Term</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.candidates.map((candidate) => (
                        <Fragment key={candidate.lotId}>
                          <tr>
                            <th scope="row">
                              <Link to={`/tax-lots/${encodeURIComponent(candidate.asset)}`}>{candidate.asset}</Link>
                            </th>
                            <td>{formatDate(candidate.acquiredOn)}</td>
                            <td className="num">{formatCrypto(candidate.quantity)}</td>
                            <td className="num">{formatFiat(candidate.costBasis, currency)}</td>
                            <td className="num">{formatFiat(candidate.marketValue, currency)}</td>
                            <td className="num">
                              <Gain value={candidate.loss} currency={currency} />
                            </td>
                            <td>{candidate.term === 'LONG' ? 'Long term' : 'Short term'}</td>
                          </tr>
                          {candidate.warning ? (
                            <tr className="harvest__warning-row">
                              <td colSpan={7} className={candidate.warning.applies ? 'harvest__warning--applies' : 'harvest__warning--info'}>
                                <span className="visually-hidden">{RULE_NOTES[candidate.warning.rule].title}: </span>
                                {warningText(candidate.warning, candidate.asset, currency)}
                              </td>
                            </tr>
                          ) : null}
                        </Fragment>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
            </>
          ) : (
            <div className="empty-state card">
              <p className="empty-state__title">No lot stands at a loss</p>
              <p className="empty-state__text">Every open lot is worth at least its cost basis at today’s close.</p>
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
