import { useState } from 'react';
import { Link } from 'react-router';
import { Gain } from '@/components/Gain';
import { Pager } from '@/components/Pager';
import { formatCrypto, formatDate, formatFiat } from '@/lib/format';
import { LOTS_PAGE_SIZE, useDisposedLots } from '@/features/lots/api/useLots';
import { disposalType, holdingPeriod } from '@/features/lots/utils/holding';
import './lots.css';

/** /disposed-lots and /disposed-lots/{flowId}: every lot slice disposed of, each opening its proof. */
export function DisposedLots({ flowId }: { flowId: string | null }) {
  const [page, setPage] = useState(1);
  const query = useDisposedLots(flowId, page);
  // disposals are stored and shown in US dollars, as the calculation made them
  const currency = 'USD';
  const lots = query.data?.disposedLots;
  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1 className="page__title">Disposed lots</h1>
          <p className="page__subtitle">
            {flowId ? (
              <>
                The lots one disposal consumed. <Link to="/disposed-lots">All disposals</Link>
              </>
            ) : (
              'Each slice of a lot sold, spent, given or lost, from the last calculation.'
            )}
          </p>
        </div>
        <Link to="/tax-lots">Open tax lots</Link>
      </header>
      <section className="card" aria-label="Disposed lots">
        {lots && lots.total === 0 ? (
          <p className="lots__empty muted">Nothing disposed of yet.</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table" data-testid="disposed-lots">
              <thead>
                <tr>
                  <th scope="col">Asset</th>
                  <th scope="col">Type</th>
                  <th scope="col">Acquired</th>
                  <th scope="col">Disposed</th>
                  <th scope="col" className="num">Quantity</th>
                  <th scope="col" className="num">Proceeds</th>
                  <th scope="col" className="num">Cost basis</th>
                  <th scope="col" className="num">Gain</th>
                  <th scope="col">Holding period</th>
                  <th scope="col">
                    <span className="visually-hidden">Proof</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lots?.items.map((lot) => (
                  <tr key={lot.id}>
                    <th scope="row">{lot.asset}</th>
                    <td>
                      <Link to={`/disposed-lots/${encodeURIComponent(lot.flowId)}`}>{disposalType(lot.type)}</Link>
                    </td>
                    <td>{lot.lotId === null ? 'Not held' : formatDate(lot.acquiredAt)}</td>
                    <td>{formatDate(lot.disposedAt)}</td>
                    <td className="num">{formatCrypto(lot.quantity)}</td>
                    <td className="num">{formatFiat(lot.proceeds, currency)}</td>
                    <td className="num">{formatFiat(lot.costBasis, currency)}</td>
                    <td className="num">
                      <Gain value={lot.gain} currency={currency} />
                    </td>
                    <td>{holdingPeriod(lot.holdingDays, lot.term)}</td>
                    <td>
                      <Link to={`/lot-proof/${encodeURIComponent(lot.flowId)}/${lot.id}`}>Proof</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager label="Disposed lot pages" page={page} limit={LOTS_PAGE_SIZE} total={lots?.total ?? 0} onPage={setPage} />
      </section>
    </div>
  );
}
