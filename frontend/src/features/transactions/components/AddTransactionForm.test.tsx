import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { AddTransactionForm } from './AddTransactionForm';

const handlers = {
  transactionAccounts: () => ({ wallets: { items: [] }, exchanges: { items: [] }, customWallets: { items: [{ id: '7', name: 'Spot' }] } }),
  transactionAssets: (vars: Record<string, unknown>) => ({
    currencySearch: String(vars.query).toUpperCase().startsWith('U')
      ? [{ id: 'fiat_USD', symbol: 'USD', name: 'US Dollar', type: 'FIAT' }]
      : [{ id: 'crypto_BTC', symbol: 'BTC', name: 'Bitcoin', type: 'CRYPTO_CURRENCY' }],
  }),
  createTransaction: () => ({ createTransaction: { success: true, error: null, errorMessage: null, publicId: 'tx-new' } }),
};

describe('Add transaction', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the form, then creates the transaction with exact amounts in UTC', async () => {
    const fetchMock = mockFetch(handlers);
    renderWithProviders(<AddTransactionForm />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add transaction' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a wallet.');

    await user.selectOptions(screen.getByLabelText('Wallet'), await screen.findByRole('option', { name: 'Spot' }));
    await user.type(screen.getByLabelText('Date and time (UTC)'), '2024-03-01T10:00:00');
    const [sent, received] = screen.getAllByTestId('add-flow');
    await user.type(sent.querySelector('input[list]') as HTMLInputElement, 'U');
    await user.clear(sent.querySelector('input[list]') as HTMLInputElement);
    await user.type(sent.querySelector('input[list]') as HTMLInputElement, 'USD');
    await user.type(received.querySelector('input[list]') as HTMLInputElement, 'BTC');
    await user.type(screen.getByLabelText('Quantity', { selector: '#flow-0-quantity' }), '10000.50');
    await user.type(screen.getByLabelText('Quantity', { selector: '#flow-1-quantity' }), '0');
    await user.click(screen.getByRole('button', { name: 'Add transaction' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a positive number');

    await user.clear(screen.getByLabelText('Quantity', { selector: '#flow-1-quantity' }));
    await user.type(screen.getByLabelText('Quantity', { selector: '#flow-1-quantity' }), '0.123456789012345678');
    await user.click(screen.getByRole('button', { name: 'Add transaction' }));
    await screen.findByText('Transaction added; recalculating.');
    expect(fetchMock.calls.find((c) => c.operationName === 'createTransaction')?.variables).toEqual({
      input: {
        accountId: '7',
        timestamp: '2024-03-01T10:00:00+00:00',
        type: 'BUY',
        description: '',
        labels: [],
        flows: [
          { direction: 'OUTFLOW', assetId: 'fiat_USD', quantity: '10000.50', value: null, isFee: false },
          { direction: 'INFLOW', assetId: 'crypto_BTC', quantity: '0.123456789012345678', value: null, isFee: false },
        ],
      },
    });
  });
});
