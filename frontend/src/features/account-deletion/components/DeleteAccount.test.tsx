import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userInfoAnswer } from '@/test/answers';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { DeleteAccount } from './DeleteAccount';

const ok = { success: true, error: null, errorMessage: null };

describe('DeleteAccount', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the password, shows a refusal, and signs out once deleted', async () => {
    let answer: unknown = { success: false, error: 'WRONG_PASSWORD', errorMessage: 'Incorrect password.' };
    const fetchMock = mockFetch({
      userInfo: () => userInfoAnswer(),
      AccountDeletion: () => ({ accountDeletion: { requiresPassword: true } }),
      DeleteUser: () => ({ deleteUser: answer }),
    });
    const onDeleted = vi.fn();
    renderWithProviders(<DeleteAccount onDeleted={onDeleted} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    await user.type(await screen.findByLabelText('Password'), 'not mine');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Incorrect password.')).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();

    answer = ok;
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    const sent = fetchMock.calls.filter((call) => call.operationName === 'DeleteUser').map((call) => call.variables);
    expect(sent.at(-1)).toEqual({ password: 'not mine', confirmation: null });
  });

  it('without a password the user types DELETE, and staff viewing as the user see nothing', async () => {
    const fetchMock = mockFetch({
      userInfo: () => userInfoAnswer(),
      AccountDeletion: () => ({ accountDeletion: { requiresPassword: false } }),
      DeleteUser: () => ({ deleteUser: ok }),
    });
    const onDeleted = vi.fn();
    const page = renderWithProviders(<DeleteAccount onDeleted={onDeleted} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const field = await screen.findByLabelText('Type DELETE to confirm');
    await user.type(field, 'delete');
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(fetchMock.calls.find((call) => call.operationName === 'DeleteUser')?.variables).toEqual({
      password: null,
      confirmation: 'DELETE',
    });
    page.unmount();

    mockFetch({ userInfo: () => userInfoAnswer({ viewAsUserId: '7' }) });
    const { queryClient } = renderWithProviders(<DeleteAccount onDeleted={onDeleted} />);
    await waitFor(() => expect(queryClient.getQueryState(['me'])?.status).toBe('success'));
    expect(screen.queryByRole('button', { name: 'Delete account' })).toBeNull();
  });
});
