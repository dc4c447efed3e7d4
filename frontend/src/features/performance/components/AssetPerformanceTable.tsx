import { Link } from 'react-router';
import { Gain } from '@/components/Gain';
import type { PortfolioPerformanceQuery } from '@/gql/graphql';
import { formatFiat } from '@/lib/format';

type Row = PortfolioPerformanceQuery['portfolioPerformance']['assets'][number];

/** Per asset: what it is worth now and its unrealized gain, and the period's net deposits, realized gain and income. */
export function AssetPerformanceTable({ assets, currency }: { assets: readonly Row[]; currency: string }) {
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="asset-performance">
        <thead>
          <tr>
            <th scope="col">Asset</th>
            <th scope="col" className="num">Value</th>
            <th scope="col" className="num">Net deposits</th>
            <th scope="col" className="num">Realized gain</th>
            <th scope="col" className="num">Unrealized gain</th>
            <th scope="col" className="num">Income</th>
          </tr>
        </thead>
        <tbody>
          {assets.map((row) => (
            <tr key={row.symbol}>
              <th scope="row">
                <Link to={`/tax-lots/${encodeURIComponent(row.symbol)}`}>{row.symbol}</Link> <span className="muted">{row.name}</span>
              </th>
              <td className="num">{row.value === null ? '—' : formatFiat(row.value, currency)}</td>
              <td className="num">{formatFiat(row.netDeposits, currency)}</td>
              <td className="num">
                <Gain value={row.realizedGain} currency={currency} />
              </td>
              <td className="num">{row.unrealizedGain === null ? '—' : <Gain value={row.unrealizedGain} currency={currency} />}</td>
              <td className="num">{formatFiat(row.income, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
