import type { TransactionRowFieldsFragment } from '@/gql/graphql';

/** A transaction row as the API answers it: a buy of 1 BTC for 10,000 USD unless told otherwise. */
export function transactionRow(publicId: string, overrides: Partial<TransactionRowFieldsFragment> = {}): TransactionRowFieldsFragment {
  return {
    __typename: 'TransactionItem',
    id: publicId.replace(/\D/g, '') || '1',
    publicId,
    timestamp: '2024-03-01T10:00:00+00:00',
    type: 'BUY',
    accountId: '7',
    accountName: 'Spot',
    description: '',
    isManual: false,
    isIgnored: false,
    isTaxable: null,
    needsReview: false,
    reviewReason: null,
    fiatValue: '10000',
    gain: null,
    currency: 'USD',
    flows: [
      { __typename: 'TransactionFlow', id: '11', direction: 'OUTFLOW', assetId: 'fiat_USD', asset: 'USD', quantity: '10000', value: '10000', valueCurrency: 'USD', isFee: false, isOverridden: false },
      { __typename: 'TransactionFlow', id: '12', direction: 'INFLOW', assetId: 'crypto_BTC', asset: 'BTC', quantity: '1', value: null, valueCurrency: null, isFee: false, isOverridden: false },
    ],
    ...overrides,
  };
}
