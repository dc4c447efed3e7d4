import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { userInfoAnswer } from '@/test/answers';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders } from '@/test/utils';
import { OnboardingIndex, OnboardingStepRoute } from './onboarding';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/onboarding" element={<OnboardingIndex />} />
        <Route path="/onboarding/:step" element={<OnboardingStepRoute />} />
      </Routes>
      <Where />
    </>,
    { route },
  );
}

const status = (overrides: Record<string, unknown> = {}) => ({
  onboardingStatus: { country: null, countryConfirmed: false, webAppHomePage: '/onboarding', homePages: ['/home'], ...overrides },
});

describe('onboarding', () => {
  fakeTimersAndFreshToasts();

  it('is closed to anyone viewing as a user', async () => {
    mockFetch({ userInfo: () => userInfoAnswer({ viewAsUserId: '7' }), onboardingStatus: () => status() });
    renderAt('/onboarding/joined-welcome');
    expect(await screen.findByText("You can't view this page on behalf of a user")).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome to Cairn' })).not.toBeInTheDocument();
  });

  it('opens on the welcome step', async () => {
    mockFetch({ userInfo: () => userInfoAnswer(), onboardingStatus: () => status() });
    renderAt('/onboarding');
    expect(await screen.findByRole('heading', { name: 'Welcome to Cairn' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/onboarding/joined-welcome');
  });

  it('keeps add_integration when it opens the add-wallet step', async () => {
    mockFetch({ userInfo: () => userInfoAnswer(), onboardingStatus: () => status() });
    renderAt('/onboarding?add_integration=kraken_exchange');
    expect(await screen.findByTestId('add-wallets-modal')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add your first wallet', hidden: true })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/onboarding/add-wallet?add_integration=kraken_exchange');
  });

  it('requires a country before confirming, then goes to the success step', async () => {
    let confirmed = false;
    const fetchMock = mockFetch({
      userInfo: () => userInfoAnswer(),
      onboardingStatus: () => status(confirmed ? { country: 'CA', countryConfirmed: true, webAppHomePage: '/home' } : {}),
      confirmOnboardingCountry: () => {
        confirmed = true;
        return { confirmOnboardingCountry: { success: true, error: null, errorMessage: null } };
      },
    });
    renderAt('/onboarding/confirm-settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(screen.getByText('Choose your country.')).toBeInTheDocument();
    expect(fetchMock.operations()).not.toContain('confirmOnboardingCountry');
    await user.selectOptions(screen.getByLabelText('Country'), 'CA');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'You are all set' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my home page' })).toHaveAttribute('href', '/home');
    expect(fetchMock.calls.find((call) => call.operationName === 'confirmOnboardingCountry')?.variables).toEqual({ countryCode: 'CA' });
  });
});
