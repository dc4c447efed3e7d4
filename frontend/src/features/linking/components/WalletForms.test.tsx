import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import { BITCOIN, ETHEREUM, LEDGER } from '@/features/linking/testing/integrations';
import type { Integration } from '@/features/linking/utils/forms';
import { LinkForm } from './LinkForm';

const wallet = { id: '9', kind: 2, name: 'Ethereum Wallet ...a1b2c3' };

function addressAnswer(overrides: Record<string, unknown> = {}) {
  return {
    addPublicAddress: {
      success: true,
      message: 'Wallet added',
      warning: null,
      error: null,
      errorMessage: null,
      multiAddWarning: null,
      multiAddError: null,
      createdWallet: wallet,
      createdExchange: null,
      ...overrides,
    },
  };
}

function setup(integration: Integration) {
  const onLinked = vi.fn();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithProviders(<LinkForm integration={integration} onLinked={onLinked} />);
  return { user, onLinked };
}

const XPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const CHANGE = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYt';

describe('Wallet forms', () => {
  fakeTimersAndFreshToasts();

  it('address: required, ENS names accepted, then Add additional wallets for the other EVM chains', async () => {
    const fetchMock = mockFetch({ addPublicAddress: () => addressAnswer() });
    const { user, onLinked } = setup(ETHEREUM);
    expect(screen.getByText('Address or ENS domain')).toBeInTheDocument();
    await user.click(screen.getByTestId('link-submit'));
    expect(screen.getByText('This field is required')).toBeInTheDocument();

    await user.type(screen.getByTestId('wallet-address'), 'vitalik.eth');
    expect(screen.getByTestId('wallet-name')).toHaveAttribute('placeholder', 'Ethereum Wallet ...ik.eth');
    await user.click(screen.getByTestId('link-submit'));
    const dialog = await screen.findByTestId('additional-wallets');
    expect(fetchMock.calls[0]?.variables).toEqual({
      publicAddressInput: { coinSymbol: 'ETH', cryptoNetwork: 'ethereum', slug: 'ethereum', walletAddress: 'vitalik.eth', walletName: '' },
    });
    expect(within(dialog).getByRole('heading', { name: 'Add additional wallets' })).toBeInTheDocument();
    const offered = within(dialog).getAllByRole('checkbox').map((box) => box.getAttribute('data-testid'));
    expect(offered).toEqual(['arbitrum-one', 'avalanche', 'binance-smart-chain', 'fantom', 'optimism', 'polygon', 'base', 'zksync-era'].map((c) => `additional-${c}`));
    expect(onLinked).not.toHaveBeenCalled();

    await user.click(within(dialog).getByTestId('additional-arbitrum-one'));
    await user.click(within(dialog).getByTestId('additional-wallets-submit'));
    await waitFor(() => expect(onLinked).toHaveBeenCalledOnce());
    expect(fetchMock.calls[1]?.variables).toEqual({
      publicAddressInput: {
        coinSymbol: 'AVAX',
        cryptoNetwork: 'avalanche',
        slug: 'avalanche',
        walletAddress: 'vitalik.eth',
        walletName: '',
        cryptoNetworksToAdd: ['binance-smart-chain', 'fantom', 'optimism', 'polygon', 'base', 'zksync-era'],
      },
    });
  });

  it('a failing additional-wallets call shows its message; Skip still finishes', async () => {
    let calls = 0;
    mockFetch({ addPublicAddress: () => (calls++ === 0 ? addressAnswer() : addressAnswer({ success: false, message: null, error: 'unknown_error' })) });
    const { user, onLinked } = setup(ETHEREUM);
    await user.type(screen.getByTestId('wallet-address'), '0x' + 'a'.repeat(40));
    await user.click(screen.getByTestId('link-submit'));
    await user.click(await screen.findByTestId('additional-wallets-submit'));
    expect(await screen.findByTestId('additional-wallets-error')).toHaveTextContent(
      'Something went wrong when adding your additional wallets. Please try again later.',
    );
    await user.click(screen.getByTestId('additional-wallets-skip'));
    expect(onLinked).toHaveBeenCalledOnce();
  });

  it.each([
    ['wallet_validation_error', null, 'We could not add your wallet as this address is invalid. Please follow the instructions below and try again.'],
    ['wallet_already_linked', null, 'This wallet has already been added to the product. Please see below.'],
    ['has_zero_transactions', null, 'We could not add your wallet as it has zero transactions. Learn more'],
    ['invalid_crypto_currency', null, 'Wallets of this coin are not supported yet.'],
    ['value_error', null, 'An error has occurred, please try again.'],
    ['too_many_transactions', 'A server text for this plan.', 'A server text for this plan.'],
    ['Something the server said', null, 'Something the server said'],
  ])('address error %s is shown with its text', async (error, errorMessage, text) => {
    mockFetch({ addPublicAddress: () => addressAnswer({ success: false, message: null, createdWallet: null, error, errorMessage }) });
    const { user, onLinked } = setup(ETHEREUM);
    await user.type(screen.getByTestId('wallet-address'), 'bad');
    await user.click(screen.getByTestId('link-submit'));
    expect(await screen.findByTestId('link-error')).toHaveTextContent(text);
    expect(onLinked).not.toHaveBeenCalled();
  });

  it('a wallet app names the chosen chain: Ledger on bitcoin sends the bitcoin integration, hinted for xPubs', async () => {
    const fetchMock = mockFetch({ addPublicAddress: () => addressAnswer() });
    const { user, onLinked } = setup(LEDGER);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Address', 'xPub', 'Two xPubs', 'Multiple addresses']);
    expect(screen.getByTestId('link-chain')).toHaveValue('bitcoin');
    expect(screen.getByText('Address or xPub, yPub or zPub')).toBeInTheDocument();
    await user.type(screen.getByTestId('wallet-address'), 'bc1qexample');
    await user.click(screen.getByTestId('link-submit'));
    await waitFor(() => expect(onLinked).toHaveBeenCalledOnce());
    expect(fetchMock.calls[0]?.variables).toMatchObject({ publicAddressInput: { slug: 'bitcoin', cryptoNetwork: 'bitcoin', coinSymbol: 'BTC' } });
  });

  it('xpub: key required and 30–120 characters; payload with the chain', async () => {
    const fetchMock = mockFetch({
      addPublicXpub: () => ({ addPublicXpub: { success: true, error: null, errorMessage: null, createdWallet: wallet } }),
    });
    const { user, onLinked } = setup(BITCOIN);
    await user.click(screen.getByTestId('link-submit'));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    await user.type(screen.getByTestId('xpub-key'), 'zpub-short');
    await user.click(screen.getByTestId('link-submit'));
    expect(screen.getByText('Field must be between 30 and 120 characters long.')).toBeInTheDocument();
    await user.clear(screen.getByTestId('xpub-key'));
    await user.type(screen.getByTestId('xpub-key'), XPUB);
    await user.click(screen.getByTestId('link-submit'));
    await waitFor(() => expect(onLinked).toHaveBeenCalledOnce());
    expect(fetchMock.calls[0]?.variables).toEqual({
      publicXpubInput: { coinSymbol: 'BTC', cryptoNetwork: 'bitcoin', xpubKey: XPUB, accountTypeSlug: 'bitcoin' },
    });
  });

  it('xpub: a wallet app with several HD chains must have one chosen', async () => {
    const { user } = setup(LEDGER);
    await user.click(screen.getByTestId('link-form-PublicXpub'));
    await user.selectOptions(screen.getByTestId('link-chain'), '');
    await user.type(screen.getByTestId('xpub-key'), XPUB);
    await user.click(screen.getByTestId('link-submit'));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(within(screen.getByTestId('link-chain')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a blockchain',
      'Bitcoin',
      'Litecoin',
    ]);
  });

  it('two xpubs: lengths, receive ≠ change, then the payload; the server text on failure', async () => {
    let answer: Record<string, unknown> = { success: false, error: 'wallet_validation_error', message: 'Not an extended public key of this chain.' };
    const fetchMock = mockFetch({ addTwoXpub: () => ({ addTwoXpub: answer }) });
    const { user, onLinked } = setup(BITCOIN);
    await user.click(screen.getByTestId('link-form-TwoXpub'));
    await user.click(screen.getByTestId('link-submit'));
    expect(screen.getAllByText('Field is required')).toHaveLength(2);
    await user.type(screen.getByTestId('receive-xpub'), 'short');
    await user.type(screen.getByTestId('change-xpub'), XPUB);
    await user.click(screen.getByTestId('link-submit'));
    expect(screen.getByText('Field must be between 30 and 120 characters long.')).toBeInTheDocument();
    await user.clear(screen.getByTestId('receive-xpub'));
    await user.type(screen.getByTestId('receive-xpub'), XPUB);
    await user.click(screen.getByTestId('link-submit'));
    expect(screen.getByText('Receive and Change address cannot be the same.')).toBeInTheDocument();
    expect(fetchMock.operations()).toEqual([]);

    await user.clear(screen.getByTestId('change-xpub'));
    await user.type(screen.getByTestId('change-xpub'), CHANGE);
    await user.click(screen.getByTestId('link-submit'));
    expect(await screen.findByTestId('link-error')).toHaveTextContent('Not an extended public key of this chain.');
    expect(fetchMock.calls[0]?.variables).toEqual({
      twoXpubInput: { coinSymbol: 'BTC', cryptoNetwork: 'bitcoin', receiveAddressXpub: XPUB, changeAddressXpub: CHANGE, accountTypeSlug: 'bitcoin' },
    });
    answer = { success: true, error: null, message: 'Wallet added' };
    await user.click(screen.getByTestId('link-submit'));
    await waitFor(() => expect(onLinked).toHaveBeenCalledOnce());
  });

  it('multiple addresses: required, at least one key, the job polled every 1 s, failures listed with their codes', async () => {
    let polls = 0;
    const fetchMock = mockFetch({
      addMultiAddress: () => ({ addMultiAddress: { success: true, jobId: 'multi-address/1', error: null, errorMessage: null } }),
      multiAddressImportJobStatus: () => {
        polls += 1;
        const final = polls >= 2;
        return {
          multiAddressImportJobStatus: {
            jobId: 'multi-address/1',
            isStatusFinal: final,
            success: final,
            error: final ? 'failed_to_import_some_addresses' : null,
            errorMessage: null,
            successMessage: final ? 'Added 3 wallet(s).' : null,
            warningMessage: final ? '1 of 4 addresses could not be added.' : null,
            createdWallets: final ? [1, 2, 3].map((n) => ({ id: String(n), kind: 2, name: `Ethereum Wallet ...${n}` })) : [],
            failedPublicKeys: final ? [{ publicKey: '0xnope', error: 'wallet_validation_error', errorMessage: 'We could not add your wallet as this address is invalid.' }] : [],
          },
        };
      },
    });
    const { user, onLinked } = setup(ETHEREUM);
    await user.click(screen.getByTestId('link-form-MultiAddress'));
    await user.click(screen.getByTestId('link-submit'));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    await user.type(screen.getByTestId('public-keys'), ' , ; ');
    await user.click(screen.getByTestId('link-submit'));
    expect(screen.getByText('Please enter at least one public key')).toBeInTheDocument();

    await user.clear(screen.getByTestId('public-keys'));
    await user.type(screen.getByTestId('public-keys'), '0x1\n0x2\n0x3\n0xnope');
    await user.click(screen.getByTestId('link-submit'));
    expect(await screen.findByText('Please wait...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    const failures = await screen.findByTestId('multi-address-failures');
    expect(polls).toBe(2);
    expect(fetchMock.calls[0]?.variables).toEqual({ multiAddressInput: { publicKeys: '0x1\n0x2\n0x3\n0xnope', accountTypeSlug: 'ethereum' } });
    expect(failures).toHaveTextContent('1 of 4 addresses could not be added.');
    expect(failures).toHaveTextContent('0xnope: We could not add your wallet as this address is invalid. (wallet_validation_error)');
    expect(within(screen.getByTestId('multi-address-created')).getAllByRole('listitem')).toHaveLength(3);
    await user.click(screen.getByTestId('multi-address-done'));
    expect(onLinked).toHaveBeenCalledOnce();
  });

  it('multiple addresses: an unknown job maps to the unknown error', async () => {
    mockFetch({
      addMultiAddress: () => ({ addMultiAddress: { success: true, jobId: 'multi-address/2', error: null, errorMessage: null } }),
      multiAddressImportJobStatus: () => ({
        multiAddressImportJobStatus: {
          jobId: 'multi-address/2',
          isStatusFinal: true,
          success: false,
          error: 'unknown_job_id',
          errorMessage: null,
          successMessage: null,
          warningMessage: null,
          createdWallets: [],
          failedPublicKeys: [],
        },
      }),
    });
    const { user } = setup(ETHEREUM);
    await user.click(screen.getByTestId('link-form-MultiAddress'));
    await user.type(screen.getByTestId('public-keys'), '0x1');
    await user.click(screen.getByTestId('link-submit'));
    expect(await screen.findByTestId('multi-address-failures')).toHaveTextContent('An error has occurred, please try again.');
  });

  it('wallet connect: asks the injected provider, requires a connection, names the wallet after the chain and address', async () => {
    const provider = {
      request: vi.fn(async ({ method }: { method: string }) => (method === 'eth_requestAccounts' ? ['0x00000000000000000000000000000000a1b2c3'] : '0x2105')),
    };
    vi.stubGlobal('ethereum', provider);
    const fetchMock = mockFetch({ addPublicAddress: () => addressAnswer() });
    const metamask = { ...ETHEREUM, slug: 'metamask', name: 'MetaMask', category: 'Wallet', formId: 'Public' };
    const { user } = setup(metamask);
    await user.click(screen.getByTestId('connect-submit'));
    expect(screen.getByText('You need to connect with a wallet first')).toBeInTheDocument();
    await user.click(screen.getByTestId('connect-wallet'));
    expect(await screen.findByTestId('connected-account')).toHaveTextContent('Base · 0x00000000000000000000000000000000a1b2c3');
    expect(screen.getByTestId('connect-nickname')).toHaveAttribute('placeholder', 'Base Wallet ...a1b2c3');
    await user.click(screen.getByTestId('connect-submit'));
    expect(await screen.findByTestId('additional-wallets')).toBeInTheDocument();
    expect(provider.request).toHaveBeenCalledWith({ method: 'eth_requestAccounts' });
    expect(fetchMock.calls[0]?.variables).toEqual({
      publicAddressInput: {
        coinSymbol: 'ETH',
        cryptoNetwork: 'base',
        slug: 'base',
        walletAddress: '0x00000000000000000000000000000000a1b2c3',
        walletName: 'Base Wallet ...a1b2c3',
      },
    });
  });
});
