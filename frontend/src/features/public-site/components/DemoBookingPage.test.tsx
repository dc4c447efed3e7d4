import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { DemoBookingPage } from './DemoBookingPage';

afterEach(() => vi.unstubAllGlobals());

async function fillAndSend(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Work email'), email);
  await user.type(screen.getByLabelText('Company'), 'Analytical Ltd');
  await user.type(screen.getByLabelText('Message (optional)'), '40 firms');
  await user.click(screen.getByRole('button', { name: 'Book your demo' }));
}

describe('DemoBookingPage', () => {
  it('sends the booking to the public endpoint and confirms it', async () => {
    const api = mockFetch({
      bookDemo: () => ({ bookDemo: { success: true, email: 'ada@example.com', errorMessage: null } }),
    });
    renderWithProviders(<DemoBookingPage />, { route: '/enterprise/schedule-demo' });
    await fillAndSend('ada@example.com');
    expect(await screen.findByTestId('demo-booked')).toHaveTextContent(
      'Thank you! Your demo is booked. We will write to ada@example.com to find a time.',
    );
    expect(api.calls[0]).toMatchObject({
      url: '/public/graphql',
      operationName: 'bookDemo',
      variables: { input: { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical Ltd', message: '40 firms' } },
    });
  });

  it("shows the server's refusal and keeps the form", async () => {
    mockFetch({
      bookDemo: () => ({ bookDemo: { success: false, email: null, errorMessage: 'Enter a valid email address.' } }),
    });
    renderWithProviders(<DemoBookingPage />, { route: '/enterprise/schedule-demo' });
    await fillAndSend('ada@localhost');
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid email address.');
    expect(screen.getByRole('button', { name: 'Book your demo' })).toBeEnabled();
    expect(screen.queryByTestId('demo-booked')).not.toBeInTheDocument();
  });
});
