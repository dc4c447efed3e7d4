import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import { SpamCenter } from './SpamCenter';

const ADVERTISES_TEXT = 'Its name or symbol advertises a website or asks you to claim, visit or redeem something, as phishing tokens do.';

function asset(id: string, symbol: string, isSpam: boolean | null, automarked: boolean) {
  return {
    id,
    symbol,
    name: `${symbol} token`,
    contractAddress: `0x${id.padStart(40, '0')}`,
    cryptoNetwork: 'ethereum',
    isSpam,
    wasAutomarkedAsSpam: automarked,
    spamReason: automarked ? 'ADVERTISES' : null,
    spamReasonText: automarked ? ADVERTISES_TEXT : null,
  };
}

describe('SpamCenter', () => {
  fakeTimersAndFreshToasts();

  it('lists the assets to review with why, and unmarks one', async () => {
    let assets = [asset('1', 'ETHG', null, true), asset('2', 'SCAM', true, false), asset('3', 'OK', false, true)];
    const fetchMock = mockFetch({
      spamAssets: () => ({ spamAssets: assets }),
      toggleSpam: (variables) => {
        assets = assets.map((a) => (a.id === variables.assetId ? { ...a, isSpam: variables.isSpam as boolean } : a));
        return { toggleSpam: { success: true, error: null, errorMessage: null, spamAsset: { id: variables.assetId, isSpam: variables.isSpam } } };
      },
    });
    renderWithProviders(<SpamCenter page="to-review" />, { route: '/spam-center/to-review' });

    const table = await screen.findByTestId('spam-assets');
    const [row] = within(table).getAllByTestId('spam-asset');
    expect(row).toHaveTextContent('ETHG');
    expect(row).toHaveTextContent(ADVERTISES_TEXT);
    expect(within(table).queryByText('SCAM')).not.toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Spam center pages' });
    expect(within(tabs).getByRole('link', { name: 'To review 1' })).toHaveAttribute('href', '/spam-center/to-review');
    expect(within(tabs).getByRole('link', { name: 'Spam 1' })).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Not spam' }));
    expect(await screen.findByText('ETHG marked as not spam.')).toBeInTheDocument();
    expect(fetchMock.calls.find((call) => call.operationName === 'toggleSpam')?.variables).toEqual({ assetId: '1', isSpam: false });
    expect(await screen.findByText('No suspected spam to review.')).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'Not spam 2' })).toBeInTheDocument();
  });

  it('says why an asset the user marked is listed, and shows a refusal', async () => {
    mockFetch({
      spamAssets: () => ({ spamAssets: [asset('2', 'SCAM', true, false)] }),
      toggleSpam: () => ({
        toggleSpam: { success: false, error: 'spam_asset_not_found', errorMessage: 'This asset is not in your transactions.', spamAsset: null },
      }),
    });
    renderWithProviders(<SpamCenter page="spam" />, { route: '/spam-center/spam' });

    const [row] = within(await screen.findByTestId('spam-assets')).getAllByTestId('spam-asset');
    expect(row).toHaveTextContent('You marked it as spam.');
    expect(within(row).queryByRole('button', { name: 'Mark as spam' })).not.toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Not spam' }));
    expect(await screen.findByText('This asset is not in your transactions.')).toBeInTheDocument();
  });

  it('offers to mark an unmarked asset as spam again', async () => {
    const fetchMock = mockFetch({
      spamAssets: () => ({ spamAssets: [asset('3', 'OK', false, true)] }),
      toggleSpam: () => ({ toggleSpam: { success: true, error: null, errorMessage: null, spamAsset: { id: '3', isSpam: true } } }),
    });
    renderWithProviders(<SpamCenter page="not-spam" />, { route: '/spam-center/not-spam' });

    fireEvent.click(await screen.findByRole('button', { name: 'Mark as spam' }));
    await waitFor(() => expect(fetchMock.calls.find((call) => call.operationName === 'toggleSpam')?.variables).toEqual({ assetId: '3', isSpam: true }));
    expect(await screen.findByText('OK marked as spam.')).toBeInTheDocument();
  });
});
