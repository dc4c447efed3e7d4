import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PortfolioPerformanceQuery } from '@/gql/graphql';
import { formatDate, formatFiat } from '@/lib/format';

type Point = PortfolioPerformanceQuery['portfolioPerformance']['points'][number];

const SERIES = { value: 'Value', netDeposits: 'Net deposits' } as const;

/** Value at each day's close against the net deposits made since the period began, with a visually hidden table for screen readers. */
export function PerformanceChart({ points, currency }: { points: readonly Point[]; currency: string }) {
  // Plotted as numbers; every figure shown is formatted from the exact decimal string.
  const data = points.map((point) => ({ ...point, plotValue: Number(point.value), plotDeposits: Number(point.netDeposits) }));
  return (
    <figure className="performance-chart" data-testid="performance-chart">
      <div aria-hidden="true">
        <ResponsiveContainer width="100%" height={280}>
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={formatDate} minTickGap={48} tickLine={false} />
            <YAxis tickFormatter={(value: number) => formatFiat(value, currency, { shortened: true })} width={72} tickLine={false} axisLine={false} />
            <Tooltip
              labelFormatter={(day) => formatDate(String(day))}
              formatter={(_value, name, item) => {
                const point = item.payload as Point;
                return name === SERIES.value ? [formatFiat(point.value, currency), name] : [formatFiat(point.netDeposits, currency), name];
              }}
            />
            <Legend />
            <Area type="monotone" dataKey="plotValue" name={SERIES.value} stroke="var(--color-primary)" fill="var(--color-primary-soft)" isAnimationActive={false} />
            <Line type="stepAfter" dataKey="plotDeposits" name={SERIES.netDeposits} stroke="var(--color-text-muted)" strokeDasharray="5 3" dot={false} isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <div className="visually-hidden">
        <table>
          <caption>Value and net deposits by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{SERIES.value}</th>
              <th scope="col">{SERIES.netDeposits}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.day}>
                <td>{formatDate(point.day)}</td>
                <td>{formatFiat(point.value, currency)}</td>
                <td>{formatFiat(point.netDeposits, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
