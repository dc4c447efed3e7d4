import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeEmail } from './ChangeEmail';

function answer(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

function renderWith(status: unknown, submitted: unknown = null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init?: RequestInit) => answer(init?.method === 'POST' ? submitted : status)),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChangeEmail />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ChangeEmail', () => {
  it('shows the text of the error code beneath the field', async () => {
    renderWith(
      { email: 'me@example.com', pendingEmail: null, blockedReason: null },
      { success: false, error: 'EMAIL_ALREADY_EXISTED', blockedReason: null },
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New email'), 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('An account with this email already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText('New email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('explains a blocked change instead of offering the form', async () => {
    renderWith({ email: 'me@example.com', pendingEmail: null, blockedReason: 'MAX_CHANGE_REQUEST_LIMIT_REACHED' });
    expect(await screen.findByText('You have asked for too many codes today. Try again tomorrow.')).toBeInTheDocument();
    expect(screen.queryByLabelText('New email')).not.toBeInTheDocument();
  });

  it('asks for the code once one was sent to the new address', async () => {
    renderWith({ email: 'me@example.com', pendingEmail: 'new@example.com', blockedReason: null });
    expect(await screen.findByLabelText('Code sent to new@example.com')).toBeInTheDocument();
  });
});
