import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PerformanceHistoryDocument, PortfolioSummaryDocument, type PerformanceDuration } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';

/** The chart's duration when home opens. */
export const OPENING_DURATION: PerformanceDuration = 'ONE_YEAR';

const summary = { queryKey: queryKeys.portfolioSummary, queryFn: () => request(PortfolioSummaryDocument) };

function history(duration: PerformanceDuration) {
  return { queryKey: queryKeys.performanceHistory(duration), queryFn: () => request(PerformanceHistoryDocument, { duration }) };
}

/** Holdings, total value and the 24 h change, in the base currency. */
export function usePortfolioSummary() {
  return useQuery(summary);
}

/** The portfolio's daily value over one of the spec's durations; the previous chart stays while the next loads. */
export function usePerformanceHistory(duration: PerformanceDuration) {
  return useQuery({ ...history(duration), placeholderData: keepPreviousData });
}

/** Asks for what home shows first while its code is still loading: the page then finds it asked for. */
export function usePrefetchPortfolio() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(summary);
    void queryClient.prefetchQuery(history(OPENING_DURATION));
  }, [queryClient]);
}
