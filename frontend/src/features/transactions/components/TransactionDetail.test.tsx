import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/toast/toastStore';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { transactionRow } from '@/features/transactions/testing/transaction';
import { TransactionDetail } from './TransactionDetail';

const OK = { success: true, error: null, errorMessage: null };

function detail(overrides: Record<string, unknown> = {}) {
  return {
    transaction: {
      transaction: transactionRow('tx-1', { type: 'SELL', gain: '150', isManual: true }),
      labels: ['dca'],
      links: [{ id: '5', linkType: 'linked_trade', otherPublicId: 'tx-9', outgoing: true, confidence: '1', createdBy: 'user' }],
      lots: [],
      disposedLots: [
        {
          id: '31',
          flowId: '12',
          lotId: 'L1',
          originLotId: 'L0',
          transferChain: '40>41',
          asset: 'BTC',
          acquiredAt: '2021-01-01T10:00:00+00:00',
          quantity: '1',
          proceeds: '400',
          costBasis: '250',
          gain: '150',
          term: 'LONG',
          rule: null,
          callout: null,
        },
      ],
      edits: [{ field: 'cost_basis', oldValue: null, newValue: '250', editedAt: '2024-03-02T10:00:00+00:00' }],
      flowValues: [
        { flowId: '11', value: '10000', source: 'TRADE' },
        { flowId: '12', value: null, source: null },
      ],
      ...overrides,
    },
  };
}

describe('Transaction detail', () => {
  beforeEach(() => toast.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the flows, the lineage of its disposal with the lot proof, links and the history of edits', async () => {
    mockFetch({ transactionByPublicId: () => detail() });
    renderWithProviders(<TransactionDetail publicId="tx-1" calculating={false} />);
    expect(await screen.findByTestId('transaction-gain')).toHaveTextContent('+$150.00');
    const [slice] = within(screen.getByTestId('transaction-disposed-lots')).getAllByRole('row').slice(1);
    expect(within(slice).getByRole('link', { name: 'Lot proof (through transfers)' })).toHaveAttribute('href', '/lot-proof/12/31');
    expect(within(slice).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Jan 1, 2021', '1', '$400.00', '$250.00', '+$150.00', 'Long term', 'Lot proof (through transfers)']);
    expect(screen.getByRole('link', { name: 'this transaction' })).toHaveAttribute('href', '/transactions/tx-9');
    expect(screen.getByTestId('transaction-history')).toHaveTextContent('Cost basis (USD) — → 250');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it("shows each flow's price source, and the value a price gives a flow that states none", async () => {
    mockFetch({ transactionByPublicId: () => detail() });
    const { unmount } = renderWithProviders(<TransactionDetail publicId="tx-1" calculating={false} />);
    const rows = within(await screen.findByTestId('transaction-flows')).getAllByRole('row');
    expect(within(rows[0]).getAllByRole('columnheader').map((cell) => cell.textContent)).toContain('Price source');
    expect(screen.getAllByTestId('price-source').map((cell) => cell.textContent)).toEqual(['The trade', 'No price']);
    expect(within(rows[2]).getAllByRole('cell')[1]).toHaveTextContent('—');
    unmount();

    mockFetch({
      transactionByPublicId: () =>
        detail({
          flowValues: [
            { flowId: '11', value: '10000', source: 'TRADE' },
            { flowId: '12', value: '10250.5', source: 'PROVIDER' },
          ],
        }),
    });
    renderWithProviders(<TransactionDetail publicId="tx-1" calculating={false} />);
    await waitFor(() => expect(screen.getAllByTestId('price-source').map((cell) => cell.textContent)).toEqual(['The trade', 'Price provider']));
    const received = within(screen.getByTestId('transaction-flows')).getAllByRole('row')[2];
    expect(within(received).getAllByRole('cell')[1]).toHaveTextContent('≈ $10,250.50');
  });

  it('refuses a cost basis that is not a positive number, then saves one and says it is recalculating', async () => {
    const fetchMock = mockFetch({ transactionByPublicId: () => detail(), updateTransactionCostBasis: () => ({ updateTransactionCostBasis: OK }) });
    renderWithProviders(<TransactionDetail publicId="tx-1" calculating={false} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit cost basis' }));
    const input = screen.getByRole('textbox', { name: 'Cost basis of BTC in USD' });
    await user.type(input, '-5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a positive number, such as 1250.50.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, '250');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The cost basis of BTC is saved; recalculating.');
    expect(fetchMock.calls.find((c) => c.operationName === 'updateTransactionCostBasis')?.variables).toEqual({ flowId: '12', costBasis: '250' });
  });

  it("shows the server's message when an edit is refused", async () => {
    mockFetch({
      transactionByPublicId: () => detail(),
      ignoreTransactions: () => ({ ignoreTransactions: { success: false, error: 'transaction_not_found', errorMessage: 'This transaction could not be found.' } }),
    });
    renderWithProviders(<TransactionDetail publicId="tx-1" calculating={false} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Ignore' }));
    await screen.findByText('This transaction could not be found.');
  });

  it('says Calculating... while a run is pending, and that a transaction was not found', async () => {
    mockFetch({ transactionByPublicId: (vars) => (vars.publicId === 'tx-1' ? detail() : { transaction: null }) });
    const { unmount } = renderWithProviders(<TransactionDetail publicId="tx-1" calculating />);
    expect(await screen.findByTestId('transaction-calculating')).toHaveTextContent('Calculating...');
    unmount();
    renderWithProviders(<TransactionDetail publicId="nope" calculating={false} />);
    await waitFor(() => expect(screen.getByText('This transaction could not be found.')).toBeInTheDocument());
  });
});
