import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PerformanceHistoryDocument, PortfolioSummaryDocument, type PerformanceDuration } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

/** Holdings, total value and the 24 h change, in the base currency. */
export function usePortfolioSummary() {
  return useQuery({ queryKey: queryKeys.portfolioSummary, queryFn: () => request(PortfolioSummaryDocument) });
}

/** The portfolio's daily value over one of the spec's durations; the previous chart stays while the next loads. */
export function usePerformanceHistory(duration: PerformanceDuration) {
  return useQuery({
    queryKey: queryKeys.performanceHistory(duration),
    queryFn: () => request(PerformanceHistoryDocument, { duration }),
    placeholderData: keepPreviousData,
  });
}
