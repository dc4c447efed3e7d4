import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import { ALLOW_USER_WALLET_CONNECT_KEY } from '@/features/broker/utils/viewMode';
import { UsersOverview } from './UsersOverview';

const settingsAnswer = (allowed: boolean) => ({
  success: true,
  error: null,
  errorMessage: null,
  settings: { allowUserWalletConnect: allowed },
});

describe('UsersOverview settings', () => {
  fakeTimersAndFreshToasts();
  afterEach(() => window.localStorage.clear());

  it("takes the server's setting over the stored one and saves a change on the server", async () => {
    window.localStorage.setItem(ALLOW_USER_WALLET_CONNECT_KEY, 'false');
    const fetchMock = mockFetch({
      connectedCtUsers: () => ({ connectedCtUsers: [] }),
      cbeSettings: () => ({ cbeSettings: { allowUserWalletConnect: true } }),
      updateCbeSettings: (variables) => {
        const input = variables.input as { allowUserWalletConnect: boolean };
        return { updateCbeSettings: settingsAnswer(input.allowUserWalletConnect) };
      },
    });
    renderWithProviders(<UsersOverview />);
    const box = screen.getByRole('checkbox', { name: 'Allow user wallet connect' });
    await waitFor(() => expect(box).toBeChecked());
    expect(window.localStorage.getItem(ALLOW_USER_WALLET_CONNECT_KEY)).toBe('true');

    await userEvent.setup({ advanceTimers: (ms) => void ms }).click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(window.localStorage.getItem(ALLOW_USER_WALLET_CONNECT_KEY)).toBe('false');
    const sent = fetchMock.calls.filter((call) => call.operationName === 'updateCbeSettings');
    expect(sent.map((call) => call.variables)).toEqual([{ input: { allowUserWalletConnect: false } }]);
  });

  it('keeps the setting and says so when the server refuses the change', async () => {
    mockFetch({
      connectedCtUsers: () => ({ connectedCtUsers: [] }),
      cbeSettings: () => ({ cbeSettings: { allowUserWalletConnect: false } }),
      updateCbeSettings: () => ({
        updateCbeSettings: { success: false, error: 'not_found', errorMessage: 'Not found.', settings: null },
      }),
    });
    renderWithProviders(<UsersOverview />);
    const box = screen.getByRole('checkbox', { name: 'Allow user wallet connect' });
    await userEvent.setup({ advanceTimers: (ms) => void ms }).click(box);
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(window.localStorage.getItem(ALLOW_USER_WALLET_CONNECT_KEY)).toBe('false');
  });
});
