import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { safeNext } from '@/lib/session';
import { RedirectIfSignedIn, RequireAuth } from './guards';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/wallets/*"
          element={
            <RequireAuth>
              <p>secret</p>
            </RequireAuth>
          }
        />
        <Route
          path="/login"
          element={
            <RedirectIfSignedIn>
              <Where />
            </RedirectIfSignedIn>
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('auth guards', () => {
  it('redirects an unauthenticated visit to /login?next=<address>', () => {
    renderAt('/wallets/custom/7?add_integration=');
    expect(screen.getByTestId('where')).toHaveTextContent(
      `/login?next=${encodeURIComponent('/wallets/custom/7?add_integration=')}`,
    );
  });

  it('lets a signed-in user through, and sends them on from /login to next', () => {
    document.cookie = 'is_auth=true; path=/';
    renderAt('/wallets');
    expect(screen.getByText('secret')).toBeInTheDocument();
  });

  it('honours only same-origin next paths', () => {
    expect(safeNext('/wallets/custom/1?x=1')).toBe('/wallets/custom/1?x=1');
    expect(safeNext('https://evil.example')).toBe('/wallets');
    expect(safeNext('//evil.example')).toBe('/wallets');
    expect(safeNext('/login?next=/x')).toBe('/wallets');
    expect(safeNext(null)).toBe('/wallets');
  });
});
