import { describe, expect, it } from 'vitest';
import { transaction } from '@/features/review/testing/transaction';
import { flowsText, legSide, linkCandidates, transferPair } from './transfer';

describe('transfer legs', () => {
  it('tells sends from receives by their non-fee flows', () => {
    expect(legSide(transaction('1'))).toBe('send');
    expect(legSide(transaction('2', {}, 'INFLOW'))).toBe('receive');
    const trade = transaction('3', {
      flows: [
        { direction: 'OUTFLOW', asset: 'USD', quantity: '100', value: null, isFee: false },
        { direction: 'INFLOW', asset: 'BTC', quantity: '0.01', value: null, isFee: false },
      ],
    });
    expect(legSide(trade)).toBeNull();
    const withFee = transaction('4', {
      flows: [
        { direction: 'INFLOW', asset: 'BTC', quantity: '0.5', value: null, isFee: false },
        { direction: 'OUTFLOW', asset: 'BTC', quantity: '0.0001', value: null, isFee: true },
      ],
    });
    expect(legSide(withFee)).toBe('receive');
    expect(flowsText(withFee)).toBe('+0.5 BTC, fee 0.0001 BTC');
  });

  it('orders the ids as send then receive, from either side', () => {
    expect(transferPair(transaction('s'), 'r')).toEqual({ sendTransactionId: 's', receiveTransactionId: 'r' });
    expect(transferPair(transaction('r', {}, 'INFLOW'), 's')).toEqual({ sendTransactionId: 's', receiveTransactionId: 'r' });
  });

  it('offers unlinked opposite legs of the same asset in other accounts, closest in time first', () => {
    const send = transaction('s');
    const far = transaction('far', { accountId: 'ledger', timestamp: '2024-11-20T10:00:00Z' }, 'INFLOW');
    const near = transaction('near', { accountId: 'ledger', timestamp: '2024-11-05T10:30:00Z' }, 'INFLOW');
    const sameAccount = transaction('same', {}, 'INFLOW');
    const otherAsset = transaction('eth', { accountId: 'ledger', flows: [{ direction: 'INFLOW', asset: 'ETH', quantity: '1', value: null, isFee: false }] }, 'INFLOW');
    const linked = transaction('linked', { accountId: 'ledger', linkedTransactionId: 'x' }, 'INFLOW');
    const anotherSend = transaction('send2', { accountId: 'ledger' });
    const found = linkCandidates(send, [send, far, near, sameAccount, otherAsset, linked, anotherSend]);
    expect(found.map((item) => item.id)).toEqual(['near', 'far']);
  });
});
