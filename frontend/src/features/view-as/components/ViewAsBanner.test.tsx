import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userInfoAnswer } from '@/test/answers';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import { ViewAsBanner } from './ViewAsBanner';

describe('ViewAsBanner', () => {
  fakeTimersAndFreshToasts();

  it('says whom the admin views as and that they may not change anything', async () => {
    mockFetch({ userInfo: () => userInfoAnswer({ email: 'client@example.com', viewAsUserId: '7' }) });
    renderWithProviders(<ViewAsBanner />);
    expect(await screen.findByText('Viewing as client@example.com ID: 7')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No permission to debug this account!');
    expect(screen.getByRole('button', { name: 'Stop viewing' }).closest('form')).toHaveAttribute('action', '/user/view-as/stop');
  });

  it('has no permission banner when the user granted debug permission, and nothing when not viewing as', async () => {
    mockFetch({ userInfo: () => userInfoAnswer({ viewAsUserId: '7', debugPermission: true }) });
    const viewing = renderWithProviders(<ViewAsBanner />);
    expect(await screen.findByTestId('view-as-banner')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    viewing.unmount();

    mockFetch({ userInfo: () => userInfoAnswer() });
    const { queryClient } = renderWithProviders(<ViewAsBanner />);
    await waitFor(() => expect(queryClient.getQueryState(['me'])?.status).toBe('success'));
    expect(screen.queryByTestId('view-as-banner')).toBeNull();
  });
});
