/** Whether the closes a summary used are older than yesterday (UTC): the price table has stopped. */
export function isStale(pricesAsOf: string, now = new Date()): boolean {
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  return pricesAsOf < yesterday;
}
