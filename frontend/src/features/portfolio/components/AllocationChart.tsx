import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import type { PortfolioSummaryQuery } from '@/gql/graphql';
import { formatFiat, formatPercent } from '@/lib/format';

type Holding = PortfolioSummaryQuery['portfolioSummary']['holdings'][number];

const COLORS = ['#3b6fd8', '#f2a33a', '#2fa37a', '#c2456b', '#7a5bd6', '#2a9fb8', '#8c8c8c'];
/** Slices beyond this are summed as "Other", so the chart stays legible. */
const MAX_SLICES = 6;

interface Slice {
  label: string;
  value: number;
  exact: string;
  allocation: string;
}

function slicesOf(holdings: readonly Holding[]): Slice[] {
  const priced = holdings.filter((holding) => holding.value !== null && holding.allocation !== null);
  const slices = priced.slice(0, MAX_SLICES).map((holding) => ({
    label: holding.symbol,
    value: Number(holding.value),
    exact: holding.value ?? '0',
    allocation: holding.allocation ?? '0',
  }));
  const rest = priced.slice(MAX_SLICES);
  if (rest.length > 0) {
    const value = rest.reduce((sum, holding) => sum + Number(holding.value), 0);
    const allocation = rest.reduce((sum, holding) => sum + Number(holding.allocation), 0);
    slices.push({ label: 'Other', value, exact: String(value), allocation: String(allocation) });
  }
  return slices;
}

/** The share of each asset in the portfolio's value, with its legend as a readable list. */
export function AllocationChart({ holdings, currency }: { holdings: readonly Holding[]; currency: string }) {
  const slices = slicesOf(holdings);
  if (slices.length === 0) return null;
  return (
    <figure className="allocation-chart" data-testid="allocation-chart">
      <div className="allocation-chart__plot" aria-hidden="true">
        <ResponsiveContainer width="100%" height={200}>
          <PieChart>
            <Pie data={slices} dataKey="value" nameKey="label" innerRadius="55%" outerRadius="90%" isAnimationActive={false}>
              {slices.map((slice, index) => (
                <Cell key={slice.label} fill={COLORS[index % COLORS.length]} />
              ))}
            </Pie>
            <Tooltip
              formatter={(_value, name, item) => {
                const slice = item.payload as Slice;
                return [`${formatFiat(slice.exact, currency)} (${formatPercent(slice.allocation)})`, String(name)];
              }}
            />
          </PieChart>
        </ResponsiveContainer>
      </div>
      <figcaption>
        <ul className="allocation-chart__legend" aria-label="Allocation">
          {slices.map((slice, index) => (
            <li key={slice.label}>
              <span className="allocation-chart__swatch" style={{ background: COLORS[index % COLORS.length] }} aria-hidden="true" />
              {slice.label} <span className="muted">{formatPercent(slice.allocation)}</span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
