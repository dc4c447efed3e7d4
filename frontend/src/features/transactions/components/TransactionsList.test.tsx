import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { transactionRow } from '@/features/transactions/testing/transaction';
import { TransactionsList } from './TransactionsList';

const accounts = { transactionAccounts: () => ({ wallets: { items: [] }, exchanges: { items: [] }, customWallets: { items: [{ id: '7', name: 'Spot' }] } }) };

function page(items: unknown[], nextCursor: string | null = null) {
  return { transactions: { items, page: 1, limit: 50, nextCursor } };
}

function count(total: number) {
  return { transactionCount: () => ({ transactionCount: total }) };
}

describe('Transactions list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each row with its type, wallet, flows, value and gain, 50 a page', async () => {
    const sell = transactionRow('tx-2', {
      type: 'SELL',
      needsReview: true,
      reviewReason: 'no receive matches',
      gain: '-120.5',
      fiatValue: '2000',
      flows: [
        { __typename: 'TransactionFlow', id: '21', direction: 'OUTFLOW', assetId: 'crypto_BTC', asset: 'BTC', quantity: '0.05', value: null, valueCurrency: null, isFee: false, isOverridden: false },
        { __typename: 'TransactionFlow', id: '22', direction: 'INFLOW', assetId: 'fiat_USD', asset: 'USD', quantity: '2000', value: '2000', valueCurrency: 'USD', isFee: false, isOverridden: false },
        { __typename: 'TransactionFlow', id: '23', direction: 'OUTFLOW', assetId: 'fiat_USD', asset: 'USD', quantity: '2.5', value: '2.5', valueCurrency: 'USD', isFee: true, isOverridden: false },
      ],
    });
    const fetchMock = mockFetch({ transactionsPage: () => page([sell]), ...count(1), ...accounts });
    renderWithProviders(<TransactionsList query="" page={1} calculating={false} onSearch={vi.fn()} onPage={vi.fn()} />);
    const [row] = await screen.findAllByTestId('transaction-row');
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(within(row).getByRole('rowheader')).toHaveTextContent('SellNeeds review');
    expect(cells.slice(1)).toEqual(['Spot', '2,000 USD', '0.05 BTC', '2.5 USD', '$2,000.00', '-$120.50']);
    expect(within(row).getByRole('link')).toHaveAttribute('href', '/transactions/tx-2');
    expect(fetchMock.calls.find((c) => c.operationName === 'transactionsPage')?.variables).toEqual({ query: '', page: 1, limit: 50, after: null });
    // the count is asked beside the page, for the same search
    expect(fetchMock.calls.find((c) => c.operationName === 'transactionCount')?.variables).toEqual({ query: '' });
    expect(await screen.findByRole('table', { name: 'Transactions, 1 in all' })).toBeInTheDocument();
    expect(screen.queryByTestId('transactions-calculating')).toBeNull();
  });

  it('says Calculating... while a run is pending', async () => {
    mockFetch({ transactionsPage: () => page([transactionRow('tx-1')]), ...count(1), ...accounts });
    renderWithProviders(<TransactionsList query="" page={1} calculating onSearch={vi.fn()} onPage={vi.fn()} />);
    expect(await screen.findByTestId('transactions-calculating')).toHaveTextContent('Calculating...');
  });

  it('searches words with the filters kept, toggles chips and removes a filter', async () => {
    mockFetch({ transactionsPage: () => page([transactionRow('tx-1')]), ...count(1), ...accounts });
    const onSearch = vi.fn();
    renderWithProviders(<TransactionsList query="has:review wallet:7 eth" page={1} calculating={false} onSearch={onSearch} onPage={vi.fn()} />);
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search transactions' });
    expect(box).toHaveValue('eth');
    await user.clear(box);
    await user.type(box, 'btc{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('has:review wallet:7 btc');
    await user.click(screen.getByRole('button', { name: 'Needs review' }));
    expect(onSearch).toHaveBeenLastCalledWith('wallet:7 eth');
    await user.click(screen.getByRole('button', { name: 'Uncategorized' }));
    expect(onSearch).toHaveBeenLastCalledWith('has:review wallet:7 eth is:uncategorized');
    await user.click(await screen.findByRole('button', { name: 'Remove filter Wallet: Spot' }));
    expect(onSearch).toHaveBeenLastCalledWith('has:review eth');
  });

  it('asks the next page by the keyset cursor of the page before', async () => {
    const fetchMock = mockFetch({
      transactionsPage: (vars) => (vars.page === 1 ? page([transactionRow('tx-1')], 'cursor-50') : page([transactionRow('tx-2')])),
      ...count(60),
      ...accounts,
    });
    function Paged() {
      const [current, setCurrent] = useState(1);
      return <TransactionsList query="" page={current} calculating={false} onSearch={vi.fn()} onPage={setCurrent} />;
    }
    renderWithProviders(<Paged />);
    await screen.findAllByTestId('transaction-row');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(fetchMock.calls.filter((c) => c.operationName === 'transactionsPage')).toHaveLength(2));
    expect(fetchMock.calls.filter((c) => c.operationName === 'transactionsPage')[1].variables).toEqual({ query: '', page: 2, limit: 50, after: 'cursor-50' });
  });
});
