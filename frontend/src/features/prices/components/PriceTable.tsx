import { Link } from 'react-router';
import type { CoinPriceFieldsFragment } from '@/gql/graphql';
import { formatDate, formatFiat } from '@/lib/format';
import { changeDirection, formatChange } from '@/features/prices/utils/change';

export interface WatchToggle {
  watched: ReadonlySet<string>;
  onToggle: (symbol: string) => void;
  pending: boolean;
}

function Change({ percent }: { percent: string | null }) {
  return <span className={`price-change price-change--${changeDirection(percent)}`}>{formatChange(percent)}</span>;
}

/** Coins with their latest close and changes; a star per coin for signed-in visitors. */
export function PriceTable({ items, caption, watch }: { items: readonly CoinPriceFieldsFragment[]; caption: string; watch?: WatchToggle }) {
  const day = items[0]?.day;
  return (
    <table className="price-table" data-testid="price-table">
      <caption>
        {caption}
        {day ? <span className="price-table__as-of"> · daily closes in USD as of {formatDate(day)}</span> : null}
      </caption>
      <thead>
        <tr>
          {watch ? <th scope="col" aria-label="Watchlist" /> : null}
          <th scope="col">#</th>
          <th scope="col">Coin</th>
          <th scope="col" className="num">
            Price
          </th>
          <th scope="col" className="num">
            24h
          </th>
          <th scope="col" className="num">
            7d
          </th>
          <th scope="col" className="num">
            Market cap
          </th>
          <th scope="col" className="num">
            Volume (24h)
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((coin) => (
          <tr key={coin.symbol}>
            {watch ? (
              <td>
                <button
                  type="button"
                  className="watch-star"
                  aria-pressed={watch.watched.has(coin.symbol)}
                  aria-label={`${watch.watched.has(coin.symbol) ? 'Remove' : 'Add'} ${coin.name} ${watch.watched.has(coin.symbol) ? 'from' : 'to'} watchlist`}
                  disabled={watch.pending}
                  onClick={() => watch.onToggle(coin.symbol)}
                >
                  {watch.watched.has(coin.symbol) ? '★' : '☆'}
                </button>
              </td>
            ) : null}
            <td>{coin.rank ?? ''}</td>
            <td>
              <Link to={`/price/${coin.slug}`} className="price-table__coin">
                <span>{coin.name}</span> <span className="price-table__symbol">{coin.symbol}</span>
              </Link>
            </td>
            <td className="num">{formatFiat(coin.price, 'USD')}</td>
            <td className="num">
              <Change percent={coin.change24h} />
            </td>
            <td className="num">
              <Change percent={coin.change7d} />
            </td>
            <td className="num">{coin.marketCap ? formatFiat(coin.marketCap, 'USD', { shortened: true }) : '—'}</td>
            <td className="num">{coin.volume24h ? formatFiat(coin.volume24h, 'USD', { shortened: true }) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
