import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { userInfoAnswer } from '@/test/answers';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import { ALLOW_USER_WALLET_CONNECT_KEY, VIEW_MODE_KEY } from '@/features/broker/utils/viewMode';
import { PortalShell } from './PortalShell';

const APP_INFO = () => ({ appInfo: { maintenanceMode: false, maintenanceMessage: null, maxUploadBytes: 1 } });

const settings = (allowed: boolean) => () => ({ cbeSettings: { allowUserWalletConnect: allowed } });

function renderShell(me: Record<string, unknown>, allowConnect = false) {
  const fetchMock = mockFetch({ userInfo: () => userInfoAnswer(me), appInfo: APP_INFO, cbeSettings: settings(allowConnect) });
  renderWithProviders(
    <Routes>
      <Route element={<PortalShell />}>
        <Route path="*" element={<h1>Page</h1>} />
      </Route>
    </Routes>,
    { route: '/users-overview' },
  );
  return fetchMock;
}

describe('PortalShell', () => {
  fakeTimersAndFreshToasts();
  afterEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
  });

  it('shows a broker the Tax Center top bar and switches to the consumer view with its demo group', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => void ms });
    renderShell({ email: 'Broker@Exchange.Example', enableCbe: true, isBroker: true });

    const bar = await screen.findByTestId('tax-center-bar');
    expect(within(bar).getByText('Tax Center')).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/users-overview');
    expect(within(bar).queryByRole('link', { name: 'Connect' })).not.toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: /Tax Lots/ }));
    const lots = await screen.findByRole('menu');
    expect(within(lots).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Available Lots',
      'Disposed Lots',
      'Tax Loss Harvest',
    ]);
    await user.keyboard('{Escape}');

    await user.click(within(bar).getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('broker@exchange.example')).toBeInTheDocument();
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Switch to User Portal',
      'Settings',
      'Sign out',
      'Reset demo account',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: 'Switch to User Portal' }));

    expect(window.sessionStorage.getItem(VIEW_MODE_KEY)).toBe('consumer');
    const demo = await screen.findByRole('navigation', { name: 'Demo' });
    expect(within(demo).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/upload-csv',
      '/add-sell-order',
      '/add-deposit',
      '/user/profile/tax',
    ]);
    expect(screen.getByRole('link', { name: 'Taxes 2025' })).toHaveAttribute('href', '/tax/2025');
    expect(screen.queryByTestId('tax-center-bar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Switch to Broker Portal' })).toBeInTheDocument();
  });

  it('labels Wallets Connect once the broker allows user wallet connect, as the server says', async () => {
    renderShell({ enableCbe: true, isBroker: true }, true);
    const bar = await screen.findByTestId('tax-center-bar');
    expect(await within(bar).findByRole('link', { name: 'Connect' })).toHaveAttribute('href', '/wallets');
    expect(window.localStorage.getItem(ALLOW_USER_WALLET_CONNECT_KEY)).toBe('true');
  });

  it('drops Connect when the server says user wallet connect is off, whatever was stored', async () => {
    window.localStorage.setItem(ALLOW_USER_WALLET_CONNECT_KEY, 'true');
    renderShell({ enableCbe: true, isBroker: true }, false);
    const bar = await screen.findByTestId('tax-center-bar');
    await waitFor(() => expect(window.localStorage.getItem(ALLOW_USER_WALLET_CONNECT_KEY)).toBe('false'));
    expect(within(bar).queryByRole('link', { name: 'Connect' })).not.toBeInTheDocument();
  });

  it('clears a stored view mode and shows the normal portal when enableCbe is off', async () => {
    window.sessionStorage.setItem(VIEW_MODE_KEY, 'broker');
    renderShell({ enableCbe: false, isBroker: true });
    await waitFor(() => expect(window.sessionStorage.getItem(VIEW_MODE_KEY)).toBeNull());
    expect(await screen.findByRole('link', { name: 'Spam' })).toBeInTheDocument();
    expect(screen.queryByTestId('tax-center-bar')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Demo' })).not.toBeInTheDocument();
  });
});
