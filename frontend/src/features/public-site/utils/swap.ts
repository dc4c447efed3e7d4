/** /swap/{from}-{to}: the pair a swap page is about, upper-cased; anything else is no pair. */
export interface SwapPair {
  readonly from: string;
  readonly to: string;
}

const PAIR = /^([a-z0-9]{1,12})-(?:to-)?([a-z0-9]{1,12})$/i;

export function swapPair(splat: string | undefined): SwapPair | null {
  const match = PAIR.exec((splat ?? '').replace(/\/+$/, ''));
  if (!match || match[1].toLowerCase() === match[2].toLowerCase()) return null;
  return { from: match[1].toUpperCase(), to: match[2].toUpperCase() };
}
