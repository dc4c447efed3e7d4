import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userInfoAnswer } from '@/test/answers';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import { ClientsDashboard } from './ClientsDashboard';

const CLIENT = {
  userPublicId: '5f0c7a3e-0000-4000-8000-000000000001',
  email: 'client@example.com',
  since: '2026-11-20T10:00:00+00:00',
  invitePublicId: 'i1',
  taxFirmName: null,
};

function answers(me: Record<string, unknown>) {
  return mockFetch({
    userInfo: () => userInfoAnswer(me),
    TaxProClients: () => ({ taxProClients: [CLIENT] }),
    SentInvites: () => ({ sentInvites: [] }),
    IncomingInvites: () => ({
      incomingInvites: [
        {
          publicId: 'i2',
          kind: 'CLIENT_TAX_PRO',
          initiator: 'CLIENT',
          email: 'new@example.com',
          taxFirmPublicId: null,
          taxFirmName: null,
          createdAt: '2026-11-21T10:00:00+00:00',
        },
      ],
    }),
  });
}

describe('ClientsDashboard', () => {
  fakeTimersAndFreshToasts();

  it("lists the pro's clients, each opened by a form post of its public id", async () => {
    answers({ registeredAsTaxPro: true });
    renderWithProviders(<ClientsDashboard />);
    const table = await screen.findByTestId('tax-pro-clients');
    const row = within(table).getByText('client@example.com').closest('tr') as HTMLElement;
    const form = within(row).getByRole('button', { name: "View client@example.com's books" }).closest('form');
    expect(form).toHaveAttribute('action', '/tax-pros/view-client');
    expect(form).toHaveAttribute('method', 'post');
    expect(form?.querySelector('input[name="client-public-id"]')).toHaveValue(CLIENT.userPublicId);
    expect(await screen.findByRole('link', { name: '1 invite is waiting for your answer' })).toHaveAttribute(
      'href',
      '/tax-pros/view-incoming-invites',
    );
  });

  it('sends someone who has not registered as a tax pro to register', async () => {
    const fetch = answers({ registeredAsTaxPro: false });
    renderWithProviders(<ClientsDashboard />);
    expect(await screen.findByRole('link', { name: 'Register as a tax professional' })).toHaveAttribute('href', '/tax-professionals');
    expect(fetch.operations()).not.toContain('TaxProClients');
  });
});
