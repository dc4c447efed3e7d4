import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { BlogPostPage } from './BlogPages';
import { CalculatorPage } from './CalculatorPage';
import { HomePage } from './HomePage';
import { IntegrationsPage } from './IntegrationsPage';
import { PartnerPage } from './PartnerPage';
import { PricingPage } from './PricingPage';
import { ProvisionPage } from './ProvisionPage';

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

  it('pricing shows every unified tax plan', () => {
    at('/plans', '/plans', <PricingPage />);
    for (const name of ['Free', 'Base / Base+', 'Prime / Prime+', 'Ultra / Ultra+', 'Full service']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
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

  it('integrations: signed out asks nothing of the API; signed in lists the catalogue', async () => {
    const api = mockFetch({
      integrations: () => ({
        integrations: [
          { slug: 'kraken', name: 'Kraken', category: 'EXCHANGE' },
          { slug: 'bitcoin', name: 'Bitcoin', category: 'BLOCKCHAIN' },
        ],
      }),
    });
    const first = at('/integrations', '/integrations', <IntegrationsPage />);
    expect(screen.getByRole('link', { name: 'Start for free' })).toBeInTheDocument();
    expect(api.operations()).toEqual([]);
    first.unmount();
    document.cookie = 'is_auth=true; path=/';
    at('/integrations', '/integrations', <IntegrationsPage />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Bitcoinblockchain', 'Krakenexchange']);
  });
});
