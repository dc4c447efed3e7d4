import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, formatFiat } from '@/lib/format';

export type DailyAmount = { day: string; amount: string };

const X_TICKS = 6;

type Props = {
  points: readonly DailyAmount[];
  currency: string;
  /** what each amount is ("Close", "Value"): the tooltip's and the table's column */
  label: string;
  /** the screen readers' table caption */
  caption: string;
  /** the figure's BEM block (its plot is `{block}__plot`) and test id */
  block: string;
  height: number;
  /** let the y axis start away from zero (prices) */
  autoDomain?: boolean;
};

/** An amount per day as an area chart with tooltips, and a visually hidden table for screen readers. */
export function DailyAreaChart({ points, currency, label, caption, block, height, autoDomain = false }: Props) {
  // Plotted as numbers; every figure shown is formatted from the exact decimal string.
  const data = points.map((point) => ({ day: point.day, amount: Number(point.amount), exact: point.amount }));
  return (
    <figure className={block} data-testid={block}>
      <div className={`${block}__plot`} aria-hidden="true">
        <ResponsiveContainer width="100%" height={height}>
          <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            {/* every n-th day by count: a gap in pixels would have recharts measure each day's label */}
            <XAxis dataKey="day" tickFormatter={formatDate} interval={Math.max(0, Math.ceil(data.length / X_TICKS) - 1)} tickLine={false} />
            <YAxis
              domain={autoDomain ? ['auto', 'auto'] : undefined}
              tickFormatter={(value: number) => formatFiat(value, currency, { shortened: true })}
              width={80}
              tickLine={false}
              axisLine={false}
            />
            <Tooltip
              labelFormatter={(day) => formatDate(String(day))}
              formatter={(_value, _name, item) => [formatFiat((item.payload as { exact: string }).exact, currency), label]}
            />
            <Area type="monotone" dataKey="amount" stroke="var(--color-primary)" fill="var(--color-primary-soft)" isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      {/* a table's height ignores the 1 px box of .visually-hidden: the wrapper clips it */}
      <div className="visually-hidden">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{label}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.day}>
                <td>{formatDate(point.day)}</td>
                <td>{formatFiat(point.amount, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
