import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveConsent } from '@/lib/analytics';
import { mockFetch, renderWithProviders, sentTo } from '@/test/utils';
import { CheckoutPage } from './CheckoutPage';
import { TransactionLimitCard } from './TransactionLimitCard';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function plan(name: string, internalName: string, transactionLimit: number | null) {
  return {
    name,
    internalName,
    summary: '',
    features: [],
    transactionLimit,
    lifetimeLimit: null,
    price: { original: '59', final: '59', discount: '0', discountReason: null },
  };
}

function subscription(overrides: Record<string, unknown>) {
  return {
    unifiedSubscription: {
      subscriptionPlan: plan('Free', 'FREE', 25),
      isPaid: false,
      paymentState: 'PAID',
      transactionLimit: 25,
      lifetimeLimit: 250,
      transactionCounts: { netTransactionCount: 40, lifetimeTransactionCount: 40 },
      progressPercent: '100',
      exceedsLimit: true,
      tooManyTransactionsMessage: 'This wallet exceeds the number of transactions allowed for your current plan.',
      recommendedPlanForTax: plan('Base', 'BASE', 100),
      ...overrides,
    },
    portfolioSubscription: { subscriptionPlan: { name: 'Basic', trialDays: 0 }, trialEndDate: null },
  };
}

describe('transaction-limit card', () => {
  it('shows a free user over the limit the count, a bar capped at 100 % and the free message', async () => {
    mockFetch({ UnifiedSubscription: () => subscription({}) });
    renderWithProviders(<TransactionLimitCard expanded />);
    const card = await screen.findByTestId('transaction-limit-card');
    expect(card).toHaveTextContent('40 / 25 transactions');
    expect(card).toHaveTextContent('This wallet exceeds the number of transactions allowed for your current plan.');
    expect(card).toHaveClass('limit-card--free');
    const bar = screen.getByRole('progressbar', { name: 'Transactions used' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar.firstElementChild).toHaveStyle({ width: '100%' });
    expect(screen.getByRole('link', { name: 'Upgrade plan' })).toHaveAttribute('href', '/plans');
  });

  it("sends 'TransactionLimitCard Clicked' when its button is clicked, with analytics consent only", async () => {
    const fetchMock = mockFetch({ UnifiedSubscription: () => subscription({}) });
    renderWithProviders(<TransactionLimitCard expanded />);
    fireEvent.click(await screen.findByRole('link', { name: 'Upgrade plan' }));
    expect(sentTo('/save_event', fetchMock.calls)).toEqual([]);
    saveConsent(true);
    fireEvent.click(screen.getByRole('link', { name: 'Upgrade plan' }));
    expect(sentTo('/save_event', fetchMock.calls).map((event) => event.event_name)).toEqual(['TransactionLimitCard Clicked']);
  });

  it('words a paid plan over its limit as paid', async () => {
    const paid = 'Your transactions exceed your current plan’s limit. Contact support.';
    mockFetch({
      UnifiedSubscription: () =>
        subscription({ subscriptionPlan: plan('Base', 'BASE', 100), isPaid: true, transactionLimit: 100, tooManyTransactionsMessage: paid }),
    });
    renderWithProviders(<TransactionLimitCard expanded />);
    const card = await screen.findByTestId('transaction-limit-card');
    expect(card).toHaveClass('limit-card--paid');
    expect(card).toHaveTextContent(paid);
    expect(screen.getByRole('link', { name: 'See plans' })).toBeInTheDocument();
  });

  it('is not shown within the limit', async () => {
    const fetched = mockFetch({ UnifiedSubscription: () => subscription({ exceedsLimit: false, tooManyTransactionsMessage: null }) });
    renderWithProviders(<TransactionLimitCard expanded />);
    await waitFor(() => expect(fetched.operations()).toContain('UnifiedSubscription'));
    expect(screen.queryByTestId('transaction-limit-card')).toBeNull();
  });
});

describe('checkout', () => {
  function at(path: string) {
    return renderWithProviders(
      <Routes>
        <Route path="/subscription/checkout" element={<CheckoutPage />} />
        <Route path="/plans" element={<p>Plans page</p>} />
      </Routes>,
      { route: path },
    );
  }

  it('starts one checkout of the plan and sends the browser to the provider', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetched = mockFetch({
      CreateCheckoutSession: () => ({ createCheckoutSession: { success: true, url: 'http://pay.test/c/pay/cs_1', errorMessage: null } }),
    });
    at('/subscription/checkout?plan=PRIME');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://pay.test/c/pay/cs_1'));
    expect(fetched.calls.filter((call) => call.operationName === 'CreateCheckoutSession').map((call) => call.variables)).toEqual([{ plan: 'PRIME' }]);
  });

  it('says why a checkout could not start', async () => {
    mockFetch({ CreateCheckoutSession: () => ({ createCheckoutSession: { success: false, url: null, errorMessage: 'You already have this plan.' } }) });
    at('/subscription/checkout?plan=PRIME');
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have this plan.');
  });

  it('back from the provider, waits for the payment to be confirmed', async () => {
    const answers = [false, true];
    mockFetch({ CheckoutStatus: () => ({ checkoutStatus: { plan: 'PRIME', name: 'Prime', completed: answers.shift() ?? true } }) });
    at('/subscription/checkout?session_id=cs_1');
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    expect(await screen.findByText('Payment received. You are now on Prime.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Generate your tax reports' })).toHaveAttribute('href', '/reports');
  });

  it('an unknown checkout is not found, and no parameters lead to the plans', async () => {
    mockFetch({ CheckoutStatus: () => ({ checkoutStatus: null }) });
    at('/subscription/checkout?session_id=cs_theirs');
    expect(await screen.findByRole('alert')).toHaveTextContent('This checkout could not be found.');
  });

  it('without a plan or a session is the plans page', async () => {
    at('/subscription/checkout');
    expect(await screen.findByText('Plans page')).toBeInTheDocument();
  });
});
