import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PerformanceHistoryQuery } from '@/gql/graphql';
import { formatDate, formatFiat } from '@/lib/format';

type Point = PerformanceHistoryQuery['performanceHistory']['points'][number];

/** The portfolio's value at each day's close, with a visually hidden table for screen readers. */
export function ValueChart({ points, currency }: { points: readonly Point[]; currency: string }) {
  // Plotted as numbers; every figure shown is formatted from the exact decimal string.
  const data = points.map((point) => ({ day: point.day, value: Number(point.value), exact: point.value }));
  return (
    <figure className="value-chart" data-testid="value-chart">
      <div className="value-chart__plot" aria-hidden="true">
        <ResponsiveContainer width="100%" height={260}>
          <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={formatDate} minTickGap={48} tickLine={false} />
            <YAxis
              tickFormatter={(value: number) => formatFiat(value, currency, { shortened: true })}
              width={72}
              tickLine={false}
              axisLine={false}
            />
            <Tooltip
              labelFormatter={(day) => formatDate(String(day))}
              formatter={(_value, _name, item) => [formatFiat((item.payload as { exact: string }).exact, currency), 'Value']}
            />
            <Area type="monotone" dataKey="value" stroke="var(--color-primary)" fill="var(--color-primary-soft)" isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      {/* a table's height ignores the 1 px box of .visually-hidden: the wrapper clips it */}
      <div className="visually-hidden">
        <table>
          <caption>Portfolio value by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.day}>
                <td>{formatDate(point.day)}</td>
                <td>{formatFiat(point.value, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
