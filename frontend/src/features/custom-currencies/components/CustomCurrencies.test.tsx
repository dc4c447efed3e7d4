import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import { CustomCurrencies } from './CustomCurrencies';
import { NAME_REQUIRED, PRICE_INVALID, SYMBOL_REQUIRED } from './UserAssetDialog';

interface Asset {
  id: string;
  symbol: string;
  name: string;
  description: string | null;
  priceUsd: string | null;
}

function asset(index: number): Asset {
  const symbol = `TOK${String(index).padStart(2, '0')}`;
  return { id: `user_asset_${index}`, symbol, name: `${symbol} token`, description: null, priceUsd: null };
}

function answered(success: boolean, userAsset: Asset | null, errorMessage: string | null = null) {
  return { success, error: success ? null : 'symbol_taken', errorMessage, userAsset };
}

describe('CustomCurrencies', () => {
  fakeTimersAndFreshToasts();

  it('lists, searches and pages the custom currencies', async () => {
    const all = Array.from({ length: 30 }, (_, index) => asset(index + 1));
    const fetchMock = mockFetch({
      userAssets: ({ search, offset, limit }) => {
        const found = all.filter((a) => a.symbol.includes(String(search).toUpperCase()));
        return { userAssets: { total: found.length, items: found.slice(Number(offset), Number(offset) + Number(limit)) } };
      },
    });
    renderWithProviders(<CustomCurrencies />, { route: '/currencies/custom' });

    expect(await screen.findByRole('heading', { name: 'Custom currencies' })).toBeInTheDocument();
    const rows = within(screen.getByTestId('user-assets')).getAllByTestId('user-asset');
    expect(rows).toHaveLength(25);
    expect(rows[0]).toHaveTextContent('TOK01');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(screen.getByTestId('user-assets')).getAllByTestId('user-asset')).toHaveLength(5));
    expect(fetchMock.calls.at(-1)?.variables).toEqual({ search: '', offset: 25, limit: 25 });

    fireEvent.change(screen.getByLabelText('Search custom currencies'), { target: { value: 'tok3' } });
    await waitFor(() => expect(within(screen.getByTestId('user-assets')).getAllByTestId('user-asset')).toHaveLength(1));
    expect(fetchMock.calls.at(-1)?.variables).toEqual({ search: 'tok3', offset: 0, limit: 25 });
    expect(screen.queryByText(/Page \d of/)).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Search custom currencies'), { target: { value: 'nothing' } });
    expect(await screen.findByText('No custom currency matches.')).toBeInTheDocument();
  });

  it('adds a currency, checking the form first and showing a refusal', async () => {
    let assets: Asset[] = [];
    const added: Asset = { id: 'user_asset_new', symbol: 'MOON', name: 'Moon', description: 'Presale', priceUsd: '0.0125' };
    let refuse = true;
    const fetchMock = mockFetch({
      userAssets: () => ({ userAssets: { total: assets.length, items: assets } }),
      addUserAsset: () => {
        if (refuse) return { addUserAsset: answered(false, null, 'You already have a custom currency with this symbol.') };
        assets = [added];
        return { addUserAsset: answered(true, added) };
      },
    });
    renderWithProviders(<CustomCurrencies />, { route: '/currencies/custom' });

    expect(await screen.findByText('You have no custom currencies yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add custom currency' }));
    const dialog = await screen.findByTestId('user-asset-dialog');
    fireEvent.change(within(dialog).getByLabelText('Price (USD)'), { target: { value: '-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(SYMBOL_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText(NAME_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText(PRICE_INVALID)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Symbol')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.operations()).not.toContain('addUserAsset');

    fireEvent.change(within(dialog).getByLabelText('Symbol'), { target: { value: ' moon ' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Moon' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Presale' } });
    fireEvent.change(within(dialog).getByLabelText('Price (USD)'), { target: { value: '0.0125' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('You already have a custom currency with this symbol.')).toBeInTheDocument();

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('MOON saved.')).toBeInTheDocument();
    expect(fetchMock.calls.find((call) => call.operationName === 'addUserAsset')?.variables).toEqual({
      input: { symbol: 'moon', name: 'Moon', description: 'Presale', priceUsd: '0.0125' },
    });
    await waitFor(() => expect(screen.queryByTestId('user-asset-dialog')).not.toBeInTheDocument());
    const [row] = within(await screen.findByTestId('user-assets')).getAllByTestId('user-asset');
    expect(row).toHaveTextContent('MOON');
    expect(row).toHaveTextContent('$0.0125');
  });

  it('edits a currency, prefilled, and clears its price', async () => {
    const kept: Asset = { id: 'user_asset_1', symbol: 'GEM', name: 'Gem', description: 'Shiny', priceUsd: '2.5' };
    const fetchMock = mockFetch({
      userAssets: () => ({ userAssets: { total: 1, items: [kept] } }),
      editUserAsset: ({ input }) => ({ editUserAsset: answered(true, { ...kept, ...(input as object) }) }),
    });
    renderWithProviders(<CustomCurrencies />, { route: '/currencies/custom' });

    fireEvent.click(await screen.findByRole('button', { name: 'Edit GEM' }));
    const dialog = await screen.findByTestId('user-asset-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Edit GEM' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Shiny');
    expect(within(dialog).getByLabelText('Price (USD)')).toHaveValue('2.5');
    fireEvent.change(within(dialog).getByLabelText('Price (USD)'), { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('GEM saved.')).toBeInTheDocument();
    expect(fetchMock.calls.find((call) => call.operationName === 'editUserAsset')?.variables).toEqual({
      assetId: 'user_asset_1',
      input: { symbol: 'GEM', name: 'Gem', description: 'Shiny', priceUsd: null },
    });
  });
});
