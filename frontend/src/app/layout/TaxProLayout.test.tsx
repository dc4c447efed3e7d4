import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { userInfoAnswer } from '@/test/answers';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import { REQUEST_FEATURE_URL, TAX_PRO_SUPPORT_URL, UPGRADE_ACCOUNT_URL } from '@/features/tax-pros/utils/links';
import { TaxProLayout } from './TaxProLayout';

describe('TaxProLayout', () => {
  fakeTimersAndFreshToasts();

  it('has the tax-pro header: Dashboard, Request a Feature, and the user menu under the lowercased email', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => void ms });
    mockFetch({
      userInfo: () => userInfoAnswer({ email: 'Pro@Firm.Example', registeredAsTaxPro: true }),
      appInfo: () => ({ appInfo: { maintenanceMode: false, maintenanceMessage: null, maxUploadBytes: 1 } }),
    });
    renderWithProviders(
      <Routes>
        <Route element={<TaxProLayout />}>
          <Route path="*" element={<h1>Page</h1>} />
        </Route>
      </Routes>,
      { route: '/tax-pros/dashboard' },
    );
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/tax-pros/dashboard');
    expect(within(header).getByRole('link', { name: 'Request a Feature' })).toHaveAttribute('href', REQUEST_FEATURE_URL);

    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('pro@firm.example')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Go to personal account' })).toHaveAttribute('href', '/home');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/user/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Upgrade account' })).toHaveAttribute('href', UPGRADE_ACCOUNT_URL);
    expect(within(menu).getByRole('menuitem', { name: 'Tax pro support' })).toHaveAttribute('href', TAX_PRO_SUPPORT_URL);
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });
});

describe('the feedback prompt on tax-pro pages', () => {
  fakeTimersAndFreshToasts();

  it('asks a tax pro whose account is over 30 days old, starting at the 0-10 scale', async () => {
    const fetchMock = mockFetch({
      userInfo: () => userInfoAnswer({ registeredAsTaxPro: true }),
      appInfo: () => ({ appInfo: { maintenanceMode: false, maintenanceMessage: null, maxUploadBytes: 1 } }),
      feedbackPromptDue: () => ({ feedbackPromptDue: true }),
    });
    renderWithProviders(
      <Routes>
        <Route element={<TaxProLayout />}>
          <Route path="*" element={<h1>Page</h1>} />
        </Route>
      </Routes>,
      { route: '/tax-pros/dashboard' },
    );
    const prompt = await screen.findByTestId('feedback-prompt');
    expect(prompt).toHaveAttribute('data-step', '1');
    expect(fetchMock.operations()).toContain('feedbackPromptDue');
  });
});
