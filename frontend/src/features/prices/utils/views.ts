import type { PriceRanking } from '@/gql/graphql';

/** The price pages of spec 001 §2: /prices, /prices/all, /prices/watchlist and the /coins rankings. */
export type PricesView =
  | 'overview'
  | 'all'
  | 'watchlist'
  | 'trading-volume'
  | 'gainers-and-losers'
  | 'market-cap'
  | 'live-charts'
  | 'most-volatile';

export interface PricesViewInfo {
  path: string;
  label: string;
  title: string;
  description: string;
  ranking: PriceRanking;
  /** Coins shown without paging (the overview's top coins); all of them when absent. */
  top?: number;
  /** What the page says about its ordering when the price table cannot rank by what its name says. */
  note?: string;
}

export const PRICES_VIEWS: Readonly<Record<PricesView, PricesViewInfo>> = {
  overview: {
    path: '/prices',
    label: 'Top coins',
    title: 'Cryptocurrency prices today',
    description: 'Latest prices of the top cryptocurrencies with their 24 hour and 7 day changes.',
    ranking: 'MARKET_CAP',
    top: 10,
  },
  all: {
    path: '/prices/all',
    label: 'All coins',
    title: 'All cryptocurrency prices',
    description: 'Every cryptocurrency Cairn prices, with its latest close and changes.',
    ranking: 'MARKET_CAP',
  },
  watchlist: {
    path: '/prices/watchlist',
    label: 'Watchlist',
    title: 'Your watchlist',
    description: 'The coins you watch, with their latest prices.',
    ranking: 'MARKET_CAP',
  },
  'market-cap': {
    path: '/coins/market-cap',
    label: 'Market cap',
    title: 'Cryptocurrencies by market cap',
    description: 'The largest cryptocurrencies by market capitalisation rank.',
    ranking: 'MARKET_CAP',
  },
  'gainers-and-losers': {
    path: '/coins/gainers-and-losers',
    label: 'Gainers and losers',
    title: 'Top crypto gainers and losers',
    description: 'Cryptocurrencies ranked by their price change over the last 24 hours.',
    ranking: 'GAINERS_AND_LOSERS',
  },
  'most-volatile': {
    path: '/coins/most-volatile',
    label: 'Most volatile',
    title: 'Most volatile cryptocurrencies',
    description: 'Cryptocurrencies ranked by the size of their 7 day price change.',
    ranking: 'MOST_VOLATILE',
  },
  'trading-volume': {
    path: '/coins/trading-volume',
    label: 'Trading volume',
    title: 'Cryptocurrencies by trading volume',
    description: 'Cryptocurrencies ranked by the US dollars traded in the last 24 hours.',
    ranking: 'TRADING_VOLUME',
  },
  'live-charts': {
    path: '/coins/live-charts',
    label: 'Live charts',
    title: 'Live crypto charts',
    description: 'Open any cryptocurrency for its price chart over a day, a week, a month, a year or all time.',
    ranking: 'MARKET_CAP',
    note: 'Choose a coin to open its price chart.',
  },
};

export const PRICES_VIEW_ORDER: readonly PricesView[] = [
  'overview',
  'all',
  'watchlist',
  'market-cap',
  'gainers-and-losers',
  'most-volatile',
  'trading-volume',
  'live-charts',
];

const COINS_VIEWS = new Set<string>(['trading-volume', 'gainers-and-losers', 'market-cap', 'live-charts', 'most-volatile']);

/** The view of a /coins/{ranking} path segment; null for an unknown one. */
export function coinsView(segment: string | undefined): PricesView | null {
  return segment && COINS_VIEWS.has(segment) ? (segment as PricesView) : null;
}

/** /price/{slug}'s title and description: the coin's, or the generic ones while it loads or is unknown. */
export function coinPageMeta(coin: { name: string; symbol: string } | undefined): { title: string; description: string } {
  return coin
    ? {
        title: `${coin.name} (${coin.symbol}) price`,
        description: `${coin.name} price today in USD, its 24 hour and 7 day change and a price chart over every period.`,
      }
    : { title: 'Crypto price', description: 'Cryptocurrency price and chart.' };
}
