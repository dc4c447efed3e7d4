import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userInfoAnswer } from '@/test/answers';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import { TaxProViewingBanner } from './TaxProViewingBanner';

describe('TaxProViewingBanner', () => {
  fakeTimersAndFreshToasts();

  it("says whose books the pro works on, and leads back to the pro's dashboard", async () => {
    mockFetch({ userInfo: () => userInfoAnswer({ email: 'client@example.com', viewAsUserId: '7', isTaxProViewingClient: true }) });
    renderWithProviders(<TaxProViewingBanner />);
    expect(await screen.findByText('Viewing as client@example.com')).toBeInTheDocument();
    const back = screen.getByRole('button', { name: 'Back to tax pro dashboard' });
    expect(back.closest('form')).toHaveAttribute('action', '/tax-pros/view-client/stop');
    expect(back.closest('form')).toHaveAttribute('method', 'post');
  });

  it('is not shown while an admin views as a user, nor for the user themselves', async () => {
    mockFetch({ userInfo: () => userInfoAnswer({ viewAsUserId: '7' }) });
    const { queryClient } = renderWithProviders(<TaxProViewingBanner />);
    await waitFor(() => expect(queryClient.getQueryState(['me'])?.status).toBe('success'));
    expect(screen.queryByTestId('tax-pro-viewing-banner')).toBeNull();
  });
});
