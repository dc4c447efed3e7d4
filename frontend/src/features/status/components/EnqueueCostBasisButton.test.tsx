import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import { EnqueueCostBasisButton } from './EnqueueCostBasisButton';

describe('EnqueueCostBasisButton', () => {
  fakeTimersAndFreshToasts();

  it('enqueues the calculations at high priority and says so', async () => {
    const fetchMock = mockFetch({ enqueueCostBasis: () => ({ enqueueCostBasis: { success: true, error: null, errorMessage: null } }) });
    renderWithProviders(<EnqueueCostBasisButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Calculate portfolio and taxes' }));
    expect(await screen.findByText('Enqueued portfolio and tax calculations.')).toBeInTheDocument();
    expect(fetchMock.calls.find((call) => call.operationName === 'enqueueCostBasis')?.variables).toEqual({ priority: 'HIGH' });
  });

  it('shows the failure message when the request is refused', async () => {
    mockFetch({ enqueueCostBasis: () => ({ enqueueCostBasis: { success: false, error: 'generic_error', errorMessage: 'x' } }) });
    renderWithProviders(<EnqueueCostBasisButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Calculate portfolio and taxes' }));
    expect(
      await screen.findByText('There was a problem while enqueuing portfolio and tax calculations. Please try again.'),
    ).toBeInTheDocument();
  });
});
