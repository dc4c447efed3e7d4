import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import { WalletActions, type ActionableAccount } from './WalletActions';

const ok = (name: string) => () => ({ [name]: { success: true, error: null, errorMessage: null } });

function setup(wallet: ActionableAccount) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithProviders(<WalletActions wallet={wallet} />);
  return { user };
}

const EXCHANGE = { id: '41', name: 'My Kraken', kind: 1, isMining: false };
const WALLET = { id: '9', name: 'Cold BTC', kind: 2, isMining: true };

describe('Account actions', () => {
  fakeTimersAndFreshToasts();

  it('syncs an exchange now', async () => {
    const fetchMock = mockFetch({ syncExchange: ok('syncExchange') });
    const { user } = setup(EXCHANGE);
    await user.click(screen.getByTestId('wallet-actions'));
    await user.click(await screen.findByTestId('wallet-sync'));
    expect(await screen.findByText('Sync started.')).toBeInTheDocument();
    expect(fetchMock.calls[0]).toMatchObject({ operationName: 'syncExchange', variables: { id: '41' } });
  });

  it("shows the server's message when a wallet cannot sync", async () => {
    const fetchMock = mockFetch({ syncWallet: () => ({ syncWallet: { success: false, error: 'account_not_found', errorMessage: 'Account not found.' } }) });
    const { user } = setup(WALLET);
    await user.click(screen.getByTestId('wallet-actions'));
    await user.click(await screen.findByTestId('wallet-sync'));
    expect(await screen.findByText('Account not found.')).toBeInTheDocument();
    expect(fetchMock.calls[0]).toMatchObject({ operationName: 'syncWallet', variables: { id: '9' } });
  });

  it('toggles mining off for a wallet marked as mining', async () => {
    const fetchMock = mockFetch({ setMiningStatus: ok('setMiningStatus') });
    const { user } = setup(WALLET);
    await user.click(screen.getByTestId('wallet-actions'));
    const item = await screen.findByTestId('wallet-mining');
    expect(item).toHaveAttribute('aria-checked', 'true');
    await user.click(item);
    expect(await screen.findByText('No longer marked as mining.')).toBeInTheDocument();
    expect(fetchMock.calls[0]?.variables).toEqual({ id: '9', isMining: false });
  });

  it('renames and deletes an exchange with its own mutations, delete after confirming', async () => {
    const fetchMock = mockFetch({ renameExchange: ok('renameExchange'), deleteExchange: ok('deleteExchange') });
    const { user } = setup(EXCHANGE);
    await user.click(screen.getByTestId('wallet-actions'));
    await user.click(await screen.findByTestId('wallet-rename'));
    const rename = await screen.findByTestId('rename-wallet-dialog');
    await user.clear(within(rename).getByRole('textbox'));
    await user.type(within(rename).getByRole('textbox'), 'Kraken main');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.operations()).toEqual(['renameExchange']));
    expect(fetchMock.calls[0]?.variables).toEqual({ id: '41', name: 'Kraken main' });

    await user.click(screen.getByTestId('wallet-actions'));
    await user.click(await screen.findByTestId('wallet-delete'));
    expect(fetchMock.operations()).toEqual(['renameExchange']);
    await user.click(within(await screen.findByTestId('delete-wallet-dialog')).getByTestId('confirm-delete-wallet'));
    await waitFor(() => expect(fetchMock.operations()).toEqual(['renameExchange', 'deleteExchange']));
    expect(fetchMock.calls[1]?.variables).toEqual({ id: '41' });
  });

  it('offers new API credentials for an exchange only', async () => {
    mockFetch({});
    const { user } = setup(EXCHANGE);
    await user.click(screen.getByTestId('wallet-actions'));
    expect(await screen.findByTestId('wallet-credentials')).toHaveAttribute('href', '/accounts/41/credentials');
  });

  it('offers no API credentials for a blockchain wallet', async () => {
    mockFetch({});
    const { user } = setup(WALLET);
    await user.click(screen.getByTestId('wallet-actions'));
    expect(await screen.findByTestId('wallet-rename')).toBeInTheDocument();
    expect(screen.queryByTestId('wallet-credentials')).not.toBeInTheDocument();
  });

  it('offers neither sync nor mining for a custom wallet', async () => {
    mockFetch({});
    const { user } = setup({ id: '7', name: 'CSV', kind: 3, isMining: false });
    await user.click(screen.getByTestId('wallet-actions'));
    expect(await screen.findByTestId('wallet-rename')).toBeInTheDocument();
    expect(screen.queryByTestId('wallet-sync')).not.toBeInTheDocument();
    expect(screen.queryByTestId('wallet-mining')).not.toBeInTheDocument();
  });
});
