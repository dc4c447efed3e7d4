import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { WalletCheck } from './WalletCheck';

const ADDRESS = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const coins = {
  walletLookupCoins: [
    { symbol: 'BTC', name: 'Bitcoin', network: 'bitcoin' },
    { symbol: 'ETH', name: 'Ethereum', network: 'ethereum' },
  ],
};

function balance(variables: Record<string, unknown>) {
  return {
    publicWalletBalance: {
      success: true,
      address: variables.address,
      coin: variables.coin,
      balance: '1.00000000',
      valueUsd: '97000.5',
      error: null,
      errorMessage: null,
    },
  };
}

describe('WalletCheck', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps Check balance disabled while the address is empty or blank, and clears the field', async () => {
    mockFetch({ WalletLookupCoins: () => coins });
    renderWithProviders(<WalletCheck />);
    const button = screen.getByRole('button', { name: 'Check balance' });
    const field = screen.getByLabelText('Wallet address');
    await screen.findByRole('option', { name: 'Bitcoin (BTC)' });
    expect(button).toBeDisabled();
    await userEvent.type(field, '   ');
    expect(button).toBeDisabled();
    await userEvent.type(field, ADDRESS);
    expect(button).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Clear address' }));
    expect(field).toHaveValue('');
    expect(button).toBeDisabled();
  });

  it('looks the balance up on the public path and links the result to the wallets page', async () => {
    const fetchMock = mockFetch({ WalletLookupCoins: () => coins, PublicWalletBalance: balance });
    renderWithProviders(<WalletCheck />);
    await screen.findByRole('option', { name: 'Bitcoin (BTC)' });
    await userEvent.type(screen.getByLabelText('Wallet address'), ` ${ADDRESS} `);
    await userEvent.click(screen.getByRole('button', { name: 'Check balance' }));

    const card = await screen.findByTestId('wallet-result');
    expect(card).toHaveTextContent(ADDRESS);
    expect(card).toHaveTextContent('≈ $97,000.50');
    expect(within(card).getByRole('link', { name: 'Track this wallet' })).toHaveAttribute('href', '/wallets?add_integration=bitcoin_blockchain');
    const call = fetchMock.calls.find((c) => c.operationName === 'PublicWalletBalance');
    expect(call?.url).toBe('/public/graphql');
    expect(call?.variables).toEqual({ address: ADDRESS, coin: 'BTC' });
  });

  it('presets the coin from the path and shows the error of a wrong address', async () => {
    mockFetch({
      WalletLookupCoins: () => coins,
      PublicWalletBalance: (variables) => ({
        publicWalletBalance: {
          success: false,
          address: variables.address,
          coin: variables.coin,
          balance: null,
          valueUsd: null,
          error: 'invalid_address',
          errorMessage: 'This is not a ETH address.',
        },
      }),
    });
    renderWithProviders(<WalletCheck initialCoin="ethereum" />);
    await screen.findByRole('option', { name: 'Ethereum (ETH)' });
    expect(screen.getByLabelText('Coin')).toHaveValue('ETH');
    await userEvent.type(screen.getByLabelText('Wallet address'), ADDRESS);
    await userEvent.click(screen.getByRole('button', { name: 'Check balance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not a ETH address.');
    expect(screen.queryByTestId('wallet-result')).not.toBeInTheDocument();
  });
});
