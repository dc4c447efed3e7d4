import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { HarvestPage } from './HarvestPage';

const TODAY = new Date().toISOString().slice(0, 10);

function harvest(rule: string | null, country: string | null, planned: unknown[] = []) {
  const replanned = planned.length > 0;
  return {
    taxLossHarvest: {
      baseCurrency: 'CAD',
      country,
      rule,
      saleDay: '2026-11-25',
      shortTermLoss: '-500',
      longTermLoss: '-8000.25',
      candidates: [
        {
          lotId: '1:1',
          asset: 'BTC',
          acquiredOn: '2024-01-02',
          quantity: '1',
          costBasis: '90000',
          marketValue: '81999.75',
          loss: '-8000.25',
          term: 'LONG',
          warning:
            rule === null
              ? null
              : {
                  rule,
                  applies: rule !== 'WASH_SALE',
                  matchedQuantity: replanned ? '1' : '0.5',
                  affectedLoss: replanned ? '-8000.25' : '-4000.125',
                  purchases: [
                    { day: '2026-11-15', quantity: '0.5', planned: false },
                    ...(replanned ? [{ day: TODAY, quantity: '2', planned: true }] : []),
                  ],
                },
        },
        { lotId: '2:1', asset: 'ETH', acquiredOn: '2026-11-15', quantity: '2', costBasis: '9000', marketValue: '8500', loss: '-500', term: 'SHORT', warning: null },
      ],
    },
  };
}

describe('Tax-loss harvesting', () => {
  it('ranks the lots at a loss with the Canadian superficial-loss warning', async () => {
    mockFetch({ taxLossHarvest: () => harvest('SUPERFICIAL_LOSS', 'CA') });
    renderWithProviders(<HarvestPage />);
    expect(await screen.findByTestId('long-term-loss')).toHaveTextContent('-CA$8,000.25');
    expect(screen.getByTestId('short-term-loss')).toHaveTextContent('-CA$500.00');
    expect(screen.getByTestId('harvest-rule')).toHaveTextContent('Canada: superficial loss');
    const rows = within(screen.getByTestId('harvest-candidates')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('BTCJan 2, 20241CA$90,000.00CA$81,999.75-CA$8,000.25Long term');
    expect(rows[2]).toHaveTextContent(
      'Canada: superficial loss: 0.5 BTC bought within 30 days (0.5 BTC on Nov 15, 2026) and still held 30 days after the sale: -CA$4,000.13 of this loss would be denied.',
    );
    // a lot without a warning has no warning row
    expect(rows[3]).toHaveTextContent('ETHNov 15, 20262CA$9,000.00CA$8,500.00-CA$500.00Short term');
    expect(rows).toHaveLength(4);
  });

  it('says the US wash-sale rule is not applied to crypto', async () => {
    mockFetch({ taxLossHarvest: () => harvest('WASH_SALE', 'US') });
    renderWithProviders(<HarvestPage />);
    expect(await screen.findByTestId('harvest-rule')).toHaveTextContent('Under current US law it applies to stock and securities, not to crypto');
    const rows = within(screen.getByTestId('harvest-candidates')).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('US wash-sale rule: information only: Bought within 30 days of this sale');
    expect(rows[2]).toHaveTextContent('Not applied to crypto under current US law');
  });

  it('points a user of another country to the tax settings', async () => {
    mockFetch({ taxLossHarvest: () => harvest(null, 'DE') });
    renderWithProviders(<HarvestPage />);
    expect(await screen.findByTestId('harvest-rule')).toHaveTextContent('Cairn knows the 30-day rules of the United States, Canada and the United Kingdom');
    expect(screen.getByRole('link', { name: 'Tax settings' })).toHaveAttribute('href', '/user/profile/tax');
  });

  it('sends planned buys with the query and refuses a bad quantity beneath the field', async () => {
    const fetchMock = mockFetch({ taxLossHarvest: (vars) => harvest('SUPERFICIAL_LOSS', 'CA', (vars.planned as unknown[]) ?? []) });
    renderWithProviders(<HarvestPage />);
    const user = userEvent.setup();
    const quantity = await screen.findByLabelText('Quantity');
    await user.type(quantity, '-1');
    await user.click(screen.getByRole('button', { name: 'Add planned buy' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The quantity must be a positive number.');
    expect(quantity).toHaveAttribute('aria-invalid', 'true');

    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'Add planned buy' }));
    expect(await screen.findByRole('list', { name: 'Planned buys' })).toHaveTextContent('2 BTC');
    expect(await screen.findByText(/planned for/)).toBeInTheDocument();
    const asked = fetchMock.calls.filter((call) => call.operationName === 'taxLossHarvest').map((call) => call.variables);
    expect(asked.at(-1)).toEqual({ planned: [{ asset: 'BTC', day: TODAY, quantity: '2' }] });
  });
});
