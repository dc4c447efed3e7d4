import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { TaxLots } from './TaxLots';

const lot = {
  lot: { id: '1', asset: 'BTC', acquiredAt: '2024-01-01T10:00:00+00:00', remaining: '0.75', transactionId: 't1' },
  price: '80000',
  marketValue: '60000',
  adjustedCostBasis: '30000',
  unrealizedGain: '30000',
  holdingDays: 400,
  term: 'LONG',
};

describe('Tax lots', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists open lots with basis, market value, gain and holding period, sorted by the chosen column', async () => {
    const fetchMock = mockFetch({
      openTaxLots: () => ({ me: { baseCurrency: 'USD' }, openTaxLots: { total: 120, items: [lot] } }),
    });
    renderWithProviders(<TaxLots asset="BTC" />);
    await screen.findByText('400 days · Long term');
    const rows = within(screen.getByTestId('tax-lots')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('BTC');
    expect(rows[1]).toHaveTextContent('0.75$30,000.00$60,000.00+$30,000.00400 days · Long term');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Unrealized gain' }));
    await user.click(screen.getByRole('button', { name: /Unrealized gain/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const asked = fetchMock.calls.map((call) => call.variables);
    expect(asked).toEqual([
      { asset: 'BTC', sort: 'ACQUIRED_AT', desc: false, limit: 50, offset: 0 },
      { asset: 'BTC', sort: 'UNREALIZED_GAIN', desc: true, limit: 50, offset: 0 },
      { asset: 'BTC', sort: 'UNREALIZED_GAIN', desc: false, limit: 50, offset: 0 },
      { asset: 'BTC', sort: 'UNREALIZED_GAIN', desc: false, limit: 50, offset: 50 },
    ]);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });
});
