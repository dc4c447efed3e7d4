import { useState } from 'react';
import { Link } from 'react-router';
import { Gain } from '@/components/Gain';
import { Pager } from '@/components/Pager';
import type { TaxLotSort } from '@/gql/graphql';
import { formatCrypto, formatDate, formatFiat } from '@/lib/format';
import { LOTS_PAGE_SIZE, useOpenTaxLots, type LotOrder } from '@/features/lots/api/useLots';
import { holdingPeriod } from '@/features/lots/utils/holding';
import './lots.css';

const COLUMNS: readonly { sort: TaxLotSort; label: string; numeric: boolean }[] = [
  { sort: 'ASSET', label: 'Asset', numeric: false },
  { sort: 'ACQUIRED_AT', label: 'Acquired', numeric: false },
  { sort: 'QUANTITY', label: 'Quantity', numeric: true },
  { sort: 'COST_BASIS', label: 'Adjusted cost basis', numeric: true },
  { sort: 'MARKET_VALUE', label: 'Market value', numeric: true },
  { sort: 'UNREALIZED_GAIN', label: 'Unrealized gain', numeric: true },
];

/** /tax-lots and /tax-lots/{asset}: the open lots, sortable by any column, 50 a page. */
export function TaxLots({ asset }: { asset: string | null }) {
  const [page, setPage] = useState(1);
  const [order, setOrder] = useState<LotOrder>({ sort: 'ACQUIRED_AT', desc: false });
  const query = useOpenTaxLots(asset, page, order);
  const currency = query.data?.me?.baseCurrency ?? 'USD';
  const lots = query.data?.openTaxLots;
  const sortBy = (sort: TaxLotSort) => {
    setOrder((current) => ({ sort, desc: current.sort === sort ? !current.desc : sort !== 'ASSET' && sort !== 'ACQUIRED_AT' }));
    setPage(1);
  };
  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1 className="page__title">{asset ? `${asset} tax lots` : 'Tax lots'}</h1>
          <p className="page__subtitle">
            Lots still held, from the last calculation.{asset ? <> <Link to="/tax-lots">All assets</Link></> : null}
          </p>
        </div>
        <Link to="/disposed-lots">Disposed lots</Link>
      </header>
      <section className="card" aria-label="Open lots">
        {lots && lots.total === 0 ? (
          <p className="lots__empty muted">No open lots{asset ? ` of ${asset}` : ''}.</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table" data-testid="tax-lots">
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th
                      key={column.sort}
                      scope="col"
                      className={column.numeric ? 'num' : undefined}
                      aria-sort={order.sort === column.sort ? (order.desc ? 'descending' : 'ascending') : undefined}
                    >
                      <button type="button" onClick={() => sortBy(column.sort)}>
                        {column.label}
                        {order.sort === column.sort ? (order.desc ? ' ↓' : ' ↑') : ''}
                      </button>
                    </th>
                  ))}
                  <th scope="col">Holding period</th>
                </tr>
              </thead>
              <tbody>
                {lots?.items.map((item) => (
                  <tr key={item.lot.id}>
                    <th scope="row">
                      <Link to={`/tax-lots/${encodeURIComponent(item.lot.asset)}`}>{item.lot.asset}</Link>
                    </th>
                    <td>{formatDate(item.lot.acquiredAt)}</td>
                    <td className="num">{formatCrypto(item.lot.remaining)}</td>
                    <td className="num">{formatFiat(item.adjustedCostBasis, currency)}</td>
                    <td className="num">{item.marketValue === null ? 'No price' : formatFiat(item.marketValue, currency)}</td>
                    <td className="num">{item.unrealizedGain === null ? '—' : <Gain value={item.unrealizedGain} currency={currency} />}</td>
                    <td>{holdingPeriod(item.holdingDays, item.term)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager label="Tax lot pages" page={page} limit={LOTS_PAGE_SIZE} total={lots?.total ?? 0} onPage={setPage} />
      </section>
    </div>
  );
}
