/** What the detail view says of where a flow's value comes from (the API's `flowValues[].source`). */
const PRICE_SOURCES: Readonly<Record<string, string>> = {
  USER: 'Yours',
  TRADE: 'The trade',
  PROVIDER: 'Price provider',
  TABLE: 'Price table',
};

export const NO_PRICE = 'No price';

/** The label of a value source; a flow without one has no price (a missing price history callout). */
export function priceSourceLabel(source: string | null | undefined): string {
  return source ? (PRICE_SOURCES[source] ?? source) : NO_PRICE;
}
