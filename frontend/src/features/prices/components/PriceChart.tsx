import { DailyAreaChart } from '@/components/DailyAreaChart';
import type { CoinPriceChartQuery } from '@/gql/graphql';

type Point = CoinPriceChartQuery['coinPriceChart'][number];

/** A coin's daily closes in USD. */
export function PriceChart({ points, name }: { points: readonly Point[]; name: string }) {
  return (
    <DailyAreaChart
      points={points.map((point) => ({ day: point.day, amount: point.close }))}
      currency="USD"
      label="Close"
      caption={`${name} daily close in USD`}
      block="price-chart"
      height={300}
      autoDomain
    />
  );
}
