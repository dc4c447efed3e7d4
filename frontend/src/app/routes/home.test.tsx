import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/utils';
import { AppRoutes } from '@/app/router';

// the pages are lazy chunks: the first import of one under vitest can take longer than findBy's default
const LOADED = { timeout: 10_000 };

describe('/ and /home signed out', () => {
  it('/ goes to /home, the public home in the public chrome', async () => {
    renderWithProviders(<AppRoutes />, { route: '/' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Crypto taxes and portfolio tracking, done right' }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByTestId('public-header')).toBeInTheDocument();
  });

  it('the legal pages are routed', async () => {
    renderWithProviders(<AppRoutes />, { route: '/privacy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, LOADED)).toBeInTheDocument();
  });

  it('an unknown partner is Page not found', async () => {
    renderWithProviders(<AppRoutes />, { route: '/partner/nobody' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, LOADED)).toBeInTheDocument();
  });
});
