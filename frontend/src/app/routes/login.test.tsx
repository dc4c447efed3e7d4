import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LoginRoute from './login';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('/login', () => {
  it('opens on the code step after the identity provider, then goes to next', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/auth/mfa/verify'
        ? new Response(JSON.stringify({ publicId: 'p', email: 'a@b.co' }), { status: 200 })
        : new Response(JSON.stringify({ name: 'Example ID' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <MemoryRouter initialEntries={[`/login?step=mfa&next=${encodeURIComponent('/tax')}`]}>
        <Routes>
          <Route path="/login" element={<LoginRoute />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/tax');
    expect(fetchMock).toHaveBeenCalledWith('/auth/mfa/verify', expect.objectContaining({ method: 'POST' }));
  });
});
