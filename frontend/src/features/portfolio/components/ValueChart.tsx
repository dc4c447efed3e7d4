import { DailyAreaChart } from '@/components/DailyAreaChart';
import type { PerformanceHistoryQuery } from '@/gql/graphql';

type History = PerformanceHistoryQuery['performanceHistory'];

/** The portfolio's value at each day's close (the history's two columns, day by day). */
export function ValueChart({ history }: { history: History }) {
  return (
    <DailyAreaChart
      points={history.days.map((day, at) => ({ day, amount: history.values[at] }))}
      currency={history.baseCurrency}
      label="Value"
      caption="Portfolio value by day"
      block="value-chart"
      height={260}
    />
  );
}
