import { DailyAreaChart } from '@/components/DailyAreaChart';
import type { PerformanceHistoryQuery } from '@/gql/graphql';

type Point = PerformanceHistoryQuery['performanceHistory']['points'][number];

/** The portfolio's value at each day's close. */
export function ValueChart({ points, currency }: { points: readonly Point[]; currency: string }) {
  return (
    <DailyAreaChart
      points={points.map((point) => ({ day: point.day, amount: point.value }))}
      currency={currency}
      label="Value"
      caption="Portfolio value by day"
      block="value-chart"
      height={260}
    />
  );
}
