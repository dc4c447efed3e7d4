/** Spec 000 §4: exchange wallets of the ETH2 type are shown as Staked ETH. */
const LABELS: Record<string, string> = { ETH2: 'Staked ETH' };

/** The label an asset is shown with: its symbol, or the product's name for it. */
export function assetLabel(symbol: string): string {
  return LABELS[symbol.toUpperCase()] ?? symbol;
}
