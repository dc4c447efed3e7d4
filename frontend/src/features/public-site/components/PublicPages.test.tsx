import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { BlogPostPage } from './BlogPages';
import { CalculatorPage } from './CalculatorPage';
import { HomePage } from './HomePage';
import { IntegrationsPage } from './IntegrationsPage';
import { LandingPage } from './LandingPage';
import { PartnerPage } from './PartnerPage';
import { PricingPage } from './PricingPage';
import { ProvisionPage } from './ProvisionPage';
import { SwapPage } from './SwapPage';

afterEach(() => vi.unstubAllGlobals());

function at(path: string, pattern: string, element: React.ReactElement) {
  return renderWithProviders(
    <Routes>
      <Route path={pattern} element={element} />
      <Route path="/not_found" element={<p>Page not found</p>} />
    </Routes>,
    { route: path },
  );
}

describe('public pages', () => {
  it('the home page claims 2.5 million users and keeps the default title', async () => {
    at('/home', '/home', <HomePage />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/2\.5 million users/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Crypto Tax and Portfolio Software | Cairn'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/crypto/i);
  });

  it('pricing shows every unified tax plan of the plan table, by family, with prices and limits', async () => {
    const plan = (name: string, internalName: string, price: string, transactionLimit: number | null) => ({
      name,
      internalName,
      summary: `${name} summary`,
      features: [`${name} feature`],
      transactionLimit,
      price: { original: price },
    });
    const unifiedPlans = [
      plan('Free', 'FREE', '0', 25),
      plan('Base', 'BASE', '59', 100),
      plan('Base+', 'BASE_PLUS', '99', 500),
      plan('Prime', 'PRIME', '199', 1000),
      plan('Prime+', 'PRIME_PLUS', '299', 3000),
      plan('Ultra', 'ULTRA', '499', 10000),
      plan('Ultra+', 'ULTRA_PLUS', '799', 50000),
      plan('Full service', 'FULL_SERVICE', '2999', null),
    ];
    const portfolioPlans = [
      { name: 'Basic', price: '0', trialDays: 0 },
      { name: 'Premium', price: '9.99', trialDays: 7 },
    ];
    mockFetch({ PricingPlans: () => ({ unifiedPlans, portfolioPlans }) });
    at('/plans', '/plans', <PricingPage />);
    for (const name of ['Free', 'Base / Base+', 'Prime / Prime+', 'Ultra / Ultra+', 'Full service']) {
      expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.getByText(/\$199\.00 per tax year, up to 1,000 transactions/)).toBeInTheDocument();
    expect(screen.getByText(/\$2,999\.00 per tax year, unlimited transactions/)).toBeInTheDocument();
    expect(screen.getByText(/Premium \(\$9\.99 a month, 7-day trial\)/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Start for free' })).toHaveLength(5);
  });

  it('a blog post renders its Markdown and sets its title', async () => {
    at('/blog/crypto-tax-guide', '/blog/:slug', <BlogPostPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Crypto Tax Guide' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Is crypto taxed?' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Crypto Tax Guide | Cairn'));
  });

  it('an unknown blog post is Page not found', () => {
    at('/blog/nope', '/blog/:slug', <BlogPostPage />);
    expect(screen.getByText('Page not found')).toBeInTheDocument();
  });

  it('a partner page by slug', () => {
    at('/partner/wk', '/partner/:slug', <PartnerPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Cairn for Wolters Kluwer users' })).toBeInTheDocument();
  });

  it('the provision pages say the spec texts', () => {
    at('/provision/success', '/provision/success', <ProvisionPage outcome="success" />);
    expect(screen.getByText('You are now correctly provisioned. Thank you!')).toBeInTheDocument();
  });

  it('the provision error names the provider', () => {
    at('/provision/error?provider=Okta', '/provision/error', <ProvisionPage outcome="error" />);
    expect(
      screen.getByText('There was an unknown error provisioning your user. Contact Okta.'),
    ).toBeInTheDocument();
  });

  it('the calculator computes exactly as the visitor types, and asks for numbers', async () => {
    const user = userEvent.setup();
    at('/calculator', '/calculator', <CalculatorPage />);
    expect(screen.getByText(/Enter non-negative numbers/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Quantity'), '3');
    await user.type(screen.getByLabelText('Buy price (USD)'), '0.1');
    await user.type(screen.getByLabelText('Sell price (USD)'), '0.2');
    expect(screen.getByTestId('calculator-profit')).toHaveTextContent('$0.30');
    await user.type(screen.getByLabelText('Quantity'), 'x');
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('calculator-result')).not.toBeInTheDocument();
  });

  it('integrations: a signed-out visitor gets the whole catalogue from /public/graphql', async () => {
    const api = mockFetch({
      PublicIntegrations: () => ({
        integrations: [
          { slug: 'kraken', name: 'Kraken', category: 'Exchange' },
          { slug: 'bitcoin', name: 'Bitcoin', category: 'Blockchain' },
        ],
      }),
    });
    at('/integrations', '/integrations', <IntegrationsPage />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Bitcoinblockchain', 'Krakenexchange']);
    expect(api.calls.map((call) => call.url)).toEqual(['/public/graphql']);
  });

  it('the exchanges landing lists only the exchanges of the catalogue', async () => {
    mockFetch({
      PublicIntegrations: () => ({
        integrations: [
          { slug: 'kraken', name: 'Kraken', category: 'Exchange' },
          { slug: 'ledger', name: 'Ledger', category: 'Wallet' },
          { slug: 'binance', name: 'Binance', category: 'Exchange' },
        ],
      }),
    });
    at('/exchanges', '/exchanges', <LandingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Crypto exchange tax reports' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Binance', 'Kraken']),
    );
    expect(document.title).toBe('Crypto Exchange Tax Reports | Cairn');
  });

  it('/coinbaseone is the Coinbase One promotion', () => {
    at('/coinbaseone', '/coinbaseone', <LandingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Cairn for Coinbase One members' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Claim your offer' })).toHaveAttribute('href', '/signup');
  });

  it('a swap page names its pair and links to both price pages', () => {
    at('/swap/btc-eth', '/swap/*', <SwapPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Swap BTC to ETH' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'BTC price' })).toHaveAttribute('href', '/price/btc');
    expect(screen.getByRole('link', { name: 'ETH price' })).toHaveAttribute('href', '/price/eth');
  });

});
