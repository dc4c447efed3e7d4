/** How the plan pages word a plan: its price, its limit, and the card's figures. */
import { formatCount, formatFiat } from '@/lib/format';

export function planPrice(amount: string): string {
  return Number(amount) === 0 ? 'Free' : `${formatFiat(amount, 'USD')} per tax year`;
}

export function transactionLimit(limit: number | null): string {
  return limit === null ? 'Unlimited transactions' : `Up to ${formatCount(limit)} transactions`;
}

/** The bar's width: the API caps it at 100 %; a stray larger figure never overflows the card. */
export function barWidth(percent: string): string {
  return `${Math.min(100, Math.max(0, Number(percent)))}%`;
}

export function checkoutPath(plan: string): string {
  return `/subscription/checkout?plan=${encodeURIComponent(plan)}`;
}
