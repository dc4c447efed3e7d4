import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { UserOverview } from './UserOverview';

const USER_ID = '7d5c3a36-1111-4222-8333-944445555666';

function renderPage() {
  renderWithProviders(
    <Routes>
      <Route path="/users-overview/:userId" element={<UserOverview />} />
    </Routes>,
    { route: `/users-overview/${USER_ID}` },
  );
}

describe('UserOverview', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a connected user's tax method, pipeline stages and currencies", async () => {
    const fetchMock = mockFetch({
      connectedCtUser: () => ({
        connectedCtUser: {
          publicId: USER_ID,
          email: 'holder@example.com',
          connectedAt: '2025-01-01T00:00:00Z',
          depositCount: 1,
          lastDepositAt: '2025-02-01T09:00:00Z',
        },
      }),
      cbeDepositHistory: () => ({ cbeDepositHistory: { total: 0, items: [] } }),
      cbeTaxMethod: () => ({ cbeTaxMethod: { costBasisMethod: 'HIFO', costBasisByWallet: false } }),
      cbePipelineStages: () => ({
        cbePipelineStages: [
          { stage: 'IMPORT', status: 'DONE', updatedAt: null },
          { stage: 'COST_BASIS', status: 'RUNNING', updatedAt: null },
        ],
      }),
      cbeUserCurrencies: () => ({
        cbeUserCurrencies: [
          { assetId: 'crypto_ETH', symbol: 'ETH', name: 'Ethereum', quantity: '2', value: '6000', costBasis: '5000' },
        ],
      }),
    });
    renderPage();

    expect(await screen.findByTestId('tax-method')).toHaveTextContent('Cost basis method: HIFO, universal');
    const stages = await screen.findByTestId('pipeline-stages');
    expect(within(stages).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Import: Done',
      'Cost basis: Running',
    ]);
    const currencies = await screen.findByTestId('user-currencies');
    const [, row] = within(currencies).getAllByRole('row');
    expect(row).toHaveTextContent('Ethereum (ETH)');
    expect(row).toHaveTextContent('$6,000.00');
    expect(row).toHaveTextContent('$5,000.00');
    const asked = fetchMock.calls.filter((call) => call.operationName?.startsWith('cbe'));
    expect(asked.every((call) => call.variables?.userId === USER_ID)).toBe(true);
  });

  it('shows Not found. for a user who is not connected', async () => {
    mockFetch({
      connectedCtUser: () => ({ connectedCtUser: null }),
      cbeDepositHistory: () => ({ cbeDepositHistory: null }),
      cbeTaxMethod: () => ({ cbeTaxMethod: null }),
      cbePipelineStages: () => ({ cbePipelineStages: null }),
      cbeUserCurrencies: () => ({ cbeUserCurrencies: null }),
    });
    renderPage();
    expect(await screen.findByTestId('user-not-found')).toHaveTextContent('Not found.');
    expect(screen.queryByTestId('pipeline-stages')).not.toBeInTheDocument();
  });
});
