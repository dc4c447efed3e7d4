import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CoinPriceChartQuery } from '@/gql/graphql';
import { formatDate, formatFiat } from '@/lib/format';

type Point = CoinPriceChartQuery['coinPriceChart'][number];

/** A coin's daily closes in USD, with a visually hidden table for screen readers. */
export function PriceChart({ points, name }: { points: readonly Point[]; name: string }) {
  // Plotted as numbers; every figure shown is formatted from the exact decimal string.
  const data = points.map((point) => ({ day: point.day, close: Number(point.close), exact: point.close }));
  return (
    <figure className="price-chart" data-testid="price-chart">
      <div className="price-chart__plot" aria-hidden="true">
        <ResponsiveContainer width="100%" height={300}>
          <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={formatDate} minTickGap={48} tickLine={false} />
            <YAxis
              domain={['auto', 'auto']}
              tickFormatter={(value: number) => formatFiat(value, 'USD', { shortened: true })}
              width={80}
              tickLine={false}
              axisLine={false}
            />
            <Tooltip
              labelFormatter={(day) => formatDate(String(day))}
              formatter={(_value, _name, item) => [formatFiat((item.payload as { exact: string }).exact, 'USD'), 'Close']}
            />
            <Area type="monotone" dataKey="close" stroke="var(--color-primary)" fill="var(--color-primary-soft)" isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <div className="visually-hidden">
        <table>
          <caption>{name} daily close in USD</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Close</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.day}>
                <td>{formatDate(point.day)}</td>
                <td>{formatFiat(point.close, 'USD')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
