import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveConsent } from '@/lib/analytics';
import { mockFetch, renderWithProviders, sentTo } from '@/test/utils';
import { BANNER_CLOSED_KEY, PublicLayout } from './PublicLayout';
import { SCROLL_THROTTLE_MS } from './usePublicScroll';

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="*" element={<h1>Page</h1>} />
      </Route>
    </Routes>,
    { route: path },
  );
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
  act(() => vi.advanceTimersByTime(SCROLL_THROTTLE_MS));
}

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  Reflect.deleteProperty(document.documentElement, 'scrollHeight');
});

describe('PublicLayout', () => {
  it('the Personal top bar: Features and Learn menus, Pricing, Sign in, Start for free', async () => {
    const user = userEvent.setup();
    renderAt('/home');
    const header = screen.getByTestId('public-header');
    expect(within(header).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/plans');
    expect(within(header).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Start for free' })).toHaveAttribute('href', '/signup');
    await user.click(within(header).getByRole('button', { name: 'Features' }));
    const features = await screen.findByRole('menu');
    expect(within(features).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'How it works',
      'Crypto prices',
      'Integrations',
      'Crypto wallet lookup',
      'Trade calculator',
      'Portfolio tracker',
      'Tax professionals',
    ]);
    await user.keyboard('{Escape}');
    await user.click(within(header).getByRole('button', { name: 'Learn' }));
    const learn = await screen.findByRole('menu');
    expect(within(learn).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Tax guide',
      'Crypto glossary',
      'Blog',
      'Support',
    ]);
  });

  it('the Enterprise top bar on enterprise paths, with Book your demo', () => {
    renderAt('/enterprise');
    const header = screen.getByTestId('public-header');
    expect(within(header).getByRole('link', { name: 'Features' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Integrations' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Learn' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Book your demo' })).toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Start for free' })).not.toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Personal' })).toHaveAttribute('href', '/home');
  });

  it('a signed-in visitor sees Go to app instead of Sign in', () => {
    document.cookie = 'is_auth=true; path=/';
    renderAt('/features');
    const header = screen.getByTestId('public-header');
    expect(within(header).getByRole('link', { name: 'Go to app' })).toHaveAttribute('href', '/home');
    expect(within(header).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('public-banner')).not.toBeInTheDocument();
  });

  it('the footer: its groups, Hiring badge, social links and the current year', () => {
    renderAt('/home');
    const footer = screen.getByTestId('public-footer');
    for (const group of ['Product', 'Resources', 'Company', 'Legal']) {
      expect(within(footer).getByRole('heading', { name: group })).toBeInTheDocument();
    }
    expect(within(footer).getByRole('link', { name: /^Careers ?Hiring$/ })).toHaveAttribute('href', '/careers');
    for (const social of ['X', 'Reddit', 'LinkedIn', 'Facebook', 'YouTube']) {
      expect(within(footer).getByRole('link', { name: social })).toBeInTheDocument();
    }
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Cairn`);
    expect(footer).toHaveTextContent('View your return on investment, your unified transaction history');
  });

  it('the header hides when scrolling down past 100 px and returns when scrolling up', () => {
    vi.useFakeTimers();
    renderAt('/home');
    const header = screen.getByTestId('public-header');
    scrollTo(90);
    expect(header).not.toHaveClass('is-hidden');
    scrollTo(400);
    expect(header).toHaveClass('is-hidden');
    scrollTo(300);
    expect(header).not.toHaveClass('is-hidden');
  });

  it("sends the sign-in and sign-up clicks of the top bar and the banner with the spec's properties", async () => {
    saveConsent(true);
    const fetchMock = mockFetch({}, () => new Response(null, { status: 204 }));
    renderAt('/home');
    const header = screen.getByTestId('public-header');
    fireEvent.click(within(header).getByRole('link', { name: 'Sign in' }));
    fireEvent.click(within(screen.getByTestId('public-banner')).getByRole('link', { name: 'Start for free' }));
    const [signIn, signUp] = sentTo('/save_event', fetchMock.calls);
    expect(signIn).toMatchObject({
      event_name: 'Sign In Button Clicked',
      event_properties: { button_text: 'Sign in', page_title: 'All Logged Out Pages', section: 'header', section_title: 'Top bar' },
    });
    expect(signUp).toMatchObject({
      event_name: 'Sign Up Button Clicked',
      event_properties: { button_text: 'Start for free', page_title: 'All Logged Out Pages', section: 'banner', section_title: 'Offer' },
    });
    vi.unstubAllGlobals();
  });

  it('the bottom banner shows at once on a page that does not scroll, and its close is remembered', async () => {
    const user = userEvent.setup();
    const first = renderAt('/home');
    await user.click(await screen.findByRole('button', { name: 'Close banner' }));
    expect(screen.queryByTestId('public-banner')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(BANNER_CLOSED_KEY)).toBe('true');
    first.unmount();
    renderAt('/home');
    expect(screen.queryByTestId('public-banner')).not.toBeInTheDocument();
  });

  it('the bottom banner shows at once on a page that scrolls less than its threshold', () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: window.innerHeight + 60, configurable: true });
    renderAt('/home');
    expect(screen.getByTestId('public-banner')).toHaveTextContent('2.5 million users');
  });

  it('the bottom banner waits for the scroll on a long page', () => {
    vi.useFakeTimers();
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: window.innerHeight * 5, configurable: true });
    renderAt('/home');
    expect(screen.queryByTestId('public-banner')).not.toBeInTheDocument();
    scrollTo(window.innerHeight);
    expect(screen.getByTestId('public-banner')).toHaveTextContent('2.5 million users');
  });
});
