import type { PerformanceDuration } from '@/gql/graphql';

/** The spec's performance durations, as the chart's buttons name them. */
export const DURATIONS: readonly { duration: PerformanceDuration; label: string; name: string }[] = [
  { duration: 'ONE_DAY', label: '1D', name: 'One day' },
  { duration: 'ONE_WEEK', label: '1W', name: 'One week' },
  { duration: 'ONE_MONTH', label: '1M', name: 'One month' },
  { duration: 'THREE_MONTH', label: '3M', name: 'Three months' },
  { duration: 'ONE_YEAR', label: '1Y', name: 'One year' },
  { duration: 'FIVE_YEAR', label: '5Y', name: 'Five years' },
  { duration: 'ALL_TIME', label: 'All', name: 'All time' },
];

/** Whether the closes a summary used are older than yesterday (UTC): the price table has stopped. */
export function isStale(pricesAsOf: string, now = new Date()): boolean {
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  return pricesAsOf < yesterday;
}
