import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PortfolioPerformanceDocument, type PerformanceDuration } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

/** Value, net deposits, gains and income over one of the spec's durations; the previous period stays while the next loads. */
export function usePerformance(duration: PerformanceDuration) {
  return useQuery({
    queryKey: queryKeys.performance(duration),
    queryFn: () => request(PortfolioPerformanceDocument, { duration }),
    placeholderData: keepPreviousData,
  });
}
