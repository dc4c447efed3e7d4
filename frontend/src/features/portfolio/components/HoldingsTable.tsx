import { Link } from 'react-router';
import { Gain } from '@/components/Gain';
import type { PortfolioSummaryQuery } from '@/gql/graphql';
import { formatCrypto, formatFiat, formatPercent } from '@/lib/format';

type Holding = PortfolioSummaryQuery['portfolioSummary']['holdings'][number];

/** What the user holds, largest first; an asset the price table does not know shows no price. */
export function HoldingsTable({ holdings, currency }: { holdings: readonly Holding[]; currency: string }) {
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="holdings">
        <thead>
          <tr>
            <th scope="col">Asset</th>
            <th scope="col" className="num">Quantity</th>
            <th scope="col" className="num">Price</th>
            <th scope="col" className="num">Value</th>
            <th scope="col" className="num">Cost basis</th>
            <th scope="col" className="num">Unrealized gain</th>
            <th scope="col" className="num">Allocation</th>
          </tr>
        </thead>
        <tbody>
          {holdings.map((holding) => (
            <tr key={holding.assetId}>
              <th scope="row">
                <Link to={`/tax-lots/${encodeURIComponent(holding.symbol)}`}>{holding.symbol}</Link>{' '}
                <span className="muted">{holding.name}</span>
              </th>
              <td className="num">{formatCrypto(holding.quantity)}</td>
              <td className="num">{holding.price === null ? 'No price' : formatFiat(holding.price, currency)}</td>
              <td className="num">{holding.value === null ? '—' : formatFiat(holding.value, currency)}</td>
              <td className="num">{formatFiat(holding.costBasis, currency)}</td>
              <td className="num">{holding.unrealizedGain === null ? '—' : <Gain value={holding.unrealizedGain} currency={currency} />}</td>
              <td className="num">{holding.allocation === null ? '—' : formatPercent(holding.allocation)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
