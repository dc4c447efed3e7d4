import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { AddWalletsModal } from './AddWalletsModal';
import { SEARCH_HINT } from './IntegrationPicker';

function integration(slug: string, name: string, rank: number, extra: Record<string, unknown> = {}) {
  return {
    slug,
    name,
    rank,
    category: 'Exchange',
    syncMethod: 'Automatic sync and custom file',
    formId: 'ApiKey',
    imageUrl: `/icons/${slug}.svg`,
    isDisabled: false,
    supportsHdWallet: false,
    instructions: '',
    websiteUrl: null,
    info: {
      symbol: null,
      cryptoNetwork: null,
      isEvmChain: false,
      supportedCryptoNetworks: [],
      isInstitutional: false,
      supportedFileFormats: ['.csv'],
      ...extra,
    },
  };
}

const ALL = [
  integration('kraken', 'Kraken', 20),
  integration('coinbase', 'Coinbase', 10),
  { ...integration('ethereum', 'Ethereum', 5, { cryptoNetwork: 'Ethereum' }), category: 'Blockchain', syncMethod: 'Automatic sync' },
];

function Search() {
  const location = useLocation();
  return <p data-testid="search">{location.search}</p>;
}

const APP_INFO = { appInfo: { maintenanceMode: false, maintenanceMessage: null, maxUploadBytes: 1000 } };

/** The modal opened on the list of integrations, with the page's query string shown beside it. */
function renderModal(props: Partial<Parameters<typeof AddWalletsModal>[0]> = {}, route = '/wallets?add_integration=') {
  renderWithProviders(
    <>
      <AddWalletsModal onImported={() => undefined} {...props} />
      <Search />
    </>,
    { route },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Add your wallets modal', () => {
  it('lists integrations by rank with the CSV entry last, and mirrors the pick in add_integration', async () => {
    mockFetch({
      integrations: (vars) => ({ integrations: vars.search ? ALL.filter((i) => i.name.toLowerCase().includes(String(vars.search).toLowerCase())) : ALL }),
      appInfo: () => APP_INFO,
    });
    renderModal();
    expect(screen.getByRole('heading', { name: 'Add your wallets' })).toBeInTheDocument();
    expect(screen.getByText(SEARCH_HINT)).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search...')).toBeInTheDocument();
    const grid = await screen.findByTestId('integration-grid');
    const cards = Array.from(grid.querySelectorAll('button')).map((b) => b.getAttribute('data-testid'));
    expect(cards).toEqual([
      'integration-card-ethereum',
      'integration-card-coinbase',
      'integration-card-kraken',
      'integration-card-csv',
    ]);

    const user = userEvent.setup();
    await user.click(screen.getByTestId('integration-card-coinbase'));
    expect(screen.getByTestId('search')).toHaveTextContent('?add_integration=coinbase_exchange');
    expect(await screen.findByRole('heading', { name: 'Add Coinbase' })).toBeInTheDocument();
    // Without a sync form from the route: only the file tab, labelled Custom file (supports both).
    expect(screen.getByRole('tab', { name: 'Custom file' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Automatic sync' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Add your wallets' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(/^$/));
  });

  it('falls back to detected networks, then shows No results with Upload CSV', async () => {
    const fetchMock = mockFetch({
      integrations: (vars) => ({ integrations: vars.search ? [] : ALL }),
      detectedCryptoNetworks: (vars) => ({
        detectedCryptoNetworks: String(vars.address).startsWith('0x') ? [{ cryptoNetworkName: 'ethereum' }] : [],
      }),
      appInfo: () => APP_INFO,
    });
    renderModal();
    const user = userEvent.setup();
    const input = screen.getByPlaceholderText('Search...');
    await user.type(input, '0xabc');
    await waitFor(() => expect(fetchMock.operations()).toContain('detectedCryptoNetworks'));
    await waitFor(() => expect(screen.queryByTestId('integration-card-coinbase')).not.toBeInTheDocument());
    expect(screen.getByTestId('integration-card-ethereum')).toBeInTheDocument();
    expect(screen.getByTestId('integration-card-csv')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'nothing-like-this');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(
      screen.getByText("We haven't found the integration you're looking for. You can upload a CSV file instead."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload CSV' }));
    expect(await screen.findByRole('heading', { name: 'Import transactions from CSV' })).toBeInTheDocument();
    expect(screen.getByTestId('search')).toHaveTextContent('t=csv');
    expect(screen.getByTestId('csv-file-input')).toBeInTheDocument();
  });

  it("shows the route's sync form under Automatic sync; linking closes the modal", async () => {
    mockFetch({ integrations: () => ({ integrations: ALL }), appInfo: () => APP_INFO });
    const onImported = vi.fn();
    renderModal(
      {
        onImported,
        syncForm: (picked, onLinked) =>
          picked.slug === 'kraken' ? (
            <button type="button" onClick={onLinked}>
              Link {picked.name}
            </button>
          ) : null,
      },
      '/wallets?add_integration=kraken_exchange',
    );
    expect(await screen.findByRole('tab', { name: 'Automatic sync', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Custom file' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Link Kraken' }));
    expect(onImported).toHaveBeenCalledOnce();
    const [account, search] = onImported.mock.calls[0] as [unknown, URLSearchParams];
    expect(account).toBeNull();
    expect(search.has('add_integration')).toBe(false);
  });
});
