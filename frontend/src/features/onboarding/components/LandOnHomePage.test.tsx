import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { userInfoAnswer } from '@/test/answers';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import { HomePageSetting, HOME_PAGE_SAVED } from './HomePageSetting';
import { LandOnHomePage, LandOnHomePageOnArrival } from './LandOnHomePage';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function Portfolio() {
  return (
    <LandOnHomePageOnArrival>
      <h1>Portfolio</h1>
    </LandOnHomePageOnArrival>
  );
}

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={<LandOnHomePage />} />
        <Route path="/home" element={<Portfolio />} />
        <Route path="/dashboard" element={<Portfolio />} />
        <Route path="/wallets" element={<Link to="/home">Portfolio link</Link>} />
        <Route path="*" element={<h1>Elsewhere</h1>} />
      </Routes>
      <Where />
    </>,
    { route },
  );
}

const status = (webAppHomePage: string) => ({
  onboardingStatus: {
    country: 'CA',
    countryConfirmed: webAppHomePage !== '/onboarding',
    webAppHomePage,
    homePages: ['/home', '/wallets', '/transactions', '/tax', '/performance'],
  },
});

describe('the web-app home page', () => {
  fakeTimersAndFreshToasts();

  it.each(['/', '/home', '/dashboard'])('a user arriving at %s lands on the page they chose', async (route) => {
    mockFetch({ userInfo: () => userInfoAnswer(), onboardingStatus: () => status('/tax') });
    renderAt(route);
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/tax$/);
  });

  it('a user not yet onboarded lands on onboarding', async () => {
    mockFetch({ userInfo: () => userInfoAnswer(), onboardingStatus: () => status('/onboarding') });
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/onboarding$/);
  });

  it('the portfolio stays at /home and /dashboard when it is the home page', async () => {
    mockFetch({ userInfo: () => userInfoAnswer(), onboardingStatus: () => status('/home') });
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Portfolio' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard$/);
  });

  it('the portfolio link within the app shows the portfolio whatever the home page', async () => {
    const fetchMock = mockFetch({ userInfo: () => userInfoAnswer(), onboardingStatus: () => status('/tax') });
    renderAt('/wallets');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Portfolio link' }));
    expect(await screen.findByRole('heading', { name: 'Portfolio' })).toBeInTheDocument();
    expect(fetchMock.operations()).not.toContain('onboardingStatus');
  });

  it('whoever views as a user stays on the portfolio', async () => {
    mockFetch({ userInfo: () => userInfoAnswer({ viewAsUserId: '7' }), onboardingStatus: () => status('/onboarding') });
    renderAt('/home');
    expect(await screen.findByRole('heading', { name: 'Portfolio' })).toBeInTheDocument();
  });

  it('is chosen in the settings', async () => {
    let page = '/home';
    const fetchMock = mockFetch({
      onboardingStatus: () => status(page),
      updateWebAppHomePage: (variables) => {
        page = String(variables.page);
        return { updateWebAppHomePage: { success: true, error: null, errorMessage: null } };
      },
    });
    renderWithProviders(<HomePageSetting />);
    const select = await screen.findByLabelText('Page you land on after signing in');
    expect(select).toHaveValue('/home');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Portfolio',
      'Wallets',
      'Transactions',
      'Taxes',
      'Performance',
    ]);
    await userEvent.setup().selectOptions(select, 'Taxes');
    expect(await screen.findByText(HOME_PAGE_SAVED)).toBeInTheDocument();
    expect(fetchMock.calls.find((call) => call.operationName === 'updateWebAppHomePage')?.variables).toEqual({ page: '/tax' });
    await vi.waitFor(() => expect(select).toHaveValue('/tax'));
  });

  it('is not offered before onboarding is done', async () => {
    mockFetch({ onboardingStatus: () => status('/onboarding') });
    const { container } = renderWithProviders(<HomePageSetting />);
    await vi.waitFor(() => expect(container.querySelector('select')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();
  });
});
