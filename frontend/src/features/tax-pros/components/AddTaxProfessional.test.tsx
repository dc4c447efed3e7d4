import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userInfoAnswer } from '@/test/answers';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import { AddTaxProfessional, NOT_ON_BEHALF } from './AddTaxProfessional';
import { INVALID_EMAIL } from './EmailInviteForm';

const OK = { success: true, error: null, errorMessage: null };
const PRO = {
  userPublicId: 'p1',
  email: 'pro@firm.example',
  since: '2026-11-20T10:00:00+00:00',
  invitePublicId: 'i1',
  taxFirmName: 'Ledger & Co',
};

function answers(overrides: Record<string, (variables: Record<string, unknown>) => unknown> = {}) {
  return mockFetch({
    userInfo: () => userInfoAnswer(),
    TaxPros: () => ({ taxPros: [PRO] }),
    SentInvites: () => ({ sentInvites: [] }),
    IncomingInvites: () => ({ incomingInvites: [] }),
    SendInvite: () => ({ sendInvite: OK }),
    DeleteInvite: () => ({ deleteInvite: OK }),
    ...overrides,
  });
}

describe('AddTaxProfessional', () => {
  fakeTimersAndFreshToasts();

  it('checks the e-mail, then invites a tax professional as the client', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => void ms });
    const fetch = answers();
    renderWithProviders(<AddTaxProfessional />);
    const field = await screen.findByLabelText("Tax professional's email");
    await user.type(field, 'not an email');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(screen.getByText(INVALID_EMAIL)).toBeInTheDocument();
    expect(fetch.operations()).not.toContain('SendInvite');

    await user.clear(field);
    await user.type(field, ' Pro@Firm.Example ');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(fetch.operations()).toContain('SendInvite'));
    expect(fetch.calls.find((call) => call.operationName === 'SendInvite')?.variables).toEqual({
      email: 'pro@firm.example',
      initiator: 'CLIENT',
    });
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it("shows the server's refusal and keeps the address", async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => void ms });
    answers({
      SendInvite: () => ({
        sendInvite: { success: false, error: 'refused', errorMessage: 'An invite to this email is already pending.' },
      }),
    });
    renderWithProviders(<AddTaxProfessional />);
    const field = await screen.findByLabelText("Tax professional's email");
    await user.type(field, 'pro@firm.example');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText('An invite to this email is already pending.')).toBeInTheDocument();
    expect(field).toHaveValue('pro@firm.example');
  });

  it('lists who works on the books and removes one by deleting the accepted invite', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => void ms });
    const fetch = answers();
    renderWithProviders(<AddTaxProfessional />);
    const list = await screen.findByRole('list', { name: 'Your tax professionals' });
    expect(within(list).getByText('pro@firm.example')).toBeInTheDocument();
    expect(within(list).getByText(/Ledger & Co/)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(fetch.calls.find((call) => call.operationName === 'DeleteInvite')?.variables).toEqual({ invitePublicId: 'i1' }),
    );
  });

  it('is closed to someone viewing as the user', async () => {
    answers({ userInfo: () => userInfoAnswer({ viewAsUserId: '7', isTaxProViewingClient: true }) });
    renderWithProviders(<AddTaxProfessional />);
    expect(await screen.findByText(NOT_ON_BEHALF)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invite' })).toBeNull();
  });
});
