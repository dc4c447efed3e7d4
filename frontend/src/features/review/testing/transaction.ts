import type { ReviewTransaction } from '@/features/review/utils/transfer';

/** A transfer leg waiting for review: a 0.5 BTC send from Kraken unless told otherwise. */
export function transaction(id: string, overrides: Partial<ReviewTransaction> = {}, direction: 'INFLOW' | 'OUTFLOW' = 'OUTFLOW'): ReviewTransaction {
  return {
    id,
    publicId: `p-${id}`,
    timestamp: '2024-11-05T10:00:00Z',
    type: direction === 'OUTFLOW' ? 'withdrawal' : 'deposit',
    accountId: 'kraken',
    accountName: 'Kraken',
    needsReview: true,
    reviewReason: 'No matching receive in your other accounts',
    linkedTransactionId: null,
    linkConfidence: null,
    flows: [{ direction, asset: 'BTC', quantity: '0.5', value: null, isFee: false }],
    ...overrides,
  };
}
