import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CairnLiveCoinPricesDocument,
  CoinPriceChartDocument,
  CoinPricePageDocument,
  CoinPricesDocument,
  ToggleWatchlistDocument,
  WatchlistPricesDocument,
  type CairnLiveCoinPricesQuery,
  type PerformanceDuration,
  type PriceRanking,
} from '@/gql/graphql';
import { publicRequest, request } from '@/lib/graphql';
import { pollEvery } from '@/lib/polling';
import { queryKeys } from '@/lib/queryKeys';

export const PRICES_PAGE_SIZE = 50;
/** The live price is asked again every minute while the page is open. */
export const LIVE_PRICE_POLL_MS = 60_000;

export function useCoinPrices(ranking: PriceRanking, search = '', offset = 0, limit = PRICES_PAGE_SIZE) {
  return useQuery({
    queryKey: [...queryKeys.coinPrices(ranking, search, offset), limit],
    queryFn: () => publicRequest(CoinPricesDocument, { ranking, search, offset, limit }),
    placeholderData: keepPreviousData,
  });
}

export function useCoinPricePage(slug: string) {
  return useQuery({ queryKey: queryKeys.coinPricePage(slug), queryFn: () => publicRequest(CoinPricePageDocument, { slug }) });
}

/** The coin's closes over a duration; the previous chart stays while the next loads. */
export function useCoinPriceChart(slug: string, duration: PerformanceDuration) {
  return useQuery({
    queryKey: queryKeys.coinPriceChart(slug, duration),
    queryFn: () => publicRequest(CoinPriceChartDocument, { slug, duration }),
    placeholderData: keepPreviousData,
  });
}

/** The spec's {product}LiveCoinPrices operation, on the public path, refreshed every minute. */
export function useLiveCoinPrice(symbol: string | undefined) {
  const symbols = symbol ? [symbol] : [];
  return useQuery({
    queryKey: queryKeys.liveCoinPrices(symbols),
    queryFn: () => publicRequest(CairnLiveCoinPricesDocument, { symbols }),
    enabled: symbol !== undefined,
    ...pollEvery<CairnLiveCoinPricesQuery>(LIVE_PRICE_POLL_MS),
  });
}

/** The signed-in user's watched coins (only asked when signed in). */
export function useWatchlist(enabled: boolean, search = '', offset = 0) {
  return useQuery({
    queryKey: [...queryKeys.watchlist, search, offset],
    queryFn: () => request(WatchlistPricesDocument, { search, offset, limit: PRICES_PAGE_SIZE }),
    enabled,
  });
}

export function useToggleWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (symbol: string) => request(ToggleWatchlistDocument, { symbol }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.watchlist }),
  });
}
