import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { saveConsent } from '@/lib/analytics';
import { fakeTimersAndFreshToasts, mockFetch, renderWithProviders, sentTo } from '@/test/utils';
import { integration } from '@/features/linking/testing/integrations';
import { LinkForm } from './LinkForm';
import { UpdateCredentials } from './UpdateCredentials';

const added = (name: string) => ({ [name]: { success: true, error: null, errorMessage: null, message: 'Added new exchange', createdExchange: { id: '7', kind: 1, name: 'Kraken' } } });
const refused = (name: string, error: string) => ({
  [name]: { success: false, error, errorMessage: 'server text', message: null, createdExchange: null },
});

function setup(slug: string, formId: string, name = slug) {
  const onLinked = vi.fn();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithProviders(<LinkForm integration={integration(slug, name, { formId })} onLinked={onLinked} />);
  return { user, onLinked };
}

describe('Exchange forms', () => {
  fakeTimersAndFreshToasts();

  it('key and secret: both required, trimmed payload sent, success toast and onLinked', async () => {
    const fetchMock = mockFetch({ addExchangeWithApiKeyAndSecret: () => added('addExchangeWithApiKeyAndSecret') });
    const { user, onLinked } = setup('kraken', 'ApiKey', 'Kraken');
    expect(screen.getByLabelText('API Key')).toBeInTheDocument();
    expect(screen.getByLabelText('API Secret')).toBeInTheDocument();

    await user.click(screen.getByTestId('link-submit'));
    expect(screen.getAllByText('Field is required')).toHaveLength(2);
    expect(fetchMock.operations()).toEqual([]);

    await user.type(screen.getByTestId('exchange-apiKey'), '  key-1 ');
    await user.type(screen.getByTestId('exchange-apiSecret'), '   ');
    await user.click(screen.getByTestId('link-submit'));
    expect(screen.getAllByText('Field is required')).toHaveLength(1);

    await user.type(screen.getByTestId('exchange-apiSecret'), 'c2VjcmV0');
    await user.click(screen.getByTestId('link-submit'));
    await waitFor(() => expect(onLinked).toHaveBeenCalledOnce());
    expect(fetchMock.calls[0]?.variables).toEqual({ input: { accountTypeSlug: 'kraken', apiKey: 'key-1', apiSecret: 'c2VjcmV0' } });
    expect(await screen.findByText('Added new exchange')).toBeInTheDocument();
  });

  it("sends 'Wallet Added' once the exchange is added, with analytics consent", async () => {
    saveConsent(true);
    const fetchMock = mockFetch({ addExchangeWithApiKeyAndSecret: () => added('addExchangeWithApiKeyAndSecret') });
    const { user, onLinked } = setup('kraken', 'ApiKey', 'Kraken');
    await user.type(screen.getByTestId('exchange-apiKey'), 'key-1');
    await user.type(screen.getByTestId('exchange-apiSecret'), 'c2VjcmV0');
    await user.click(screen.getByTestId('link-submit'));
    await waitFor(() => expect(onLinked).toHaveBeenCalledOnce());
    expect(sentTo('/save_event', fetchMock.calls).map((event) => event.event_name)).toEqual(['Wallet Added']);
  });

  it.each([
    ['invalid_api_key', 'API key is invalid.'],
    ['account_already_linked', 'Account is already linked.'],
    ['invalid_account', 'Account is invalid.'],
    ['error_with_partner_connection', 'There was a problem while trying to add your exchange. Try again or contact support.'],
  ])('shows the spec text for %s', async (code, text) => {
    mockFetch({ addExchangeWithApiKeyAndSecret: () => refused('addExchangeWithApiKeyAndSecret', code) });
    const { user, onLinked } = setup('kraken', 'ApiKey');
    await user.type(screen.getByTestId('exchange-apiKey'), 'k');
    await user.type(screen.getByTestId('exchange-apiSecret'), 's');
    await user.click(screen.getByTestId('link-submit'));
    expect(await screen.findByTestId('link-error')).toHaveTextContent(text);
    expect(onLinked).not.toHaveBeenCalled();
  });

  it('a network failure shows the generic problem', async () => {
    mockFetch({ addExchangeWithApiKeyAndSecret: () => new Response('oops', { status: 502 }) });
    const { user } = setup('kraken', 'ApiKey');
    await user.type(screen.getByTestId('exchange-apiKey'), 'k');
    await user.type(screen.getByTestId('exchange-apiSecret'), 's');
    await user.click(screen.getByTestId('link-submit'));
    expect(await screen.findByTestId('link-error')).toHaveTextContent(
      'There was a problem while trying to add your exchange. Try again or contact support.',
    );
  });

  it('key only: submit disabled while the key is blank or erroneous; addExchangeWithApiKey payload', async () => {
    const fetchMock = mockFetch({ addExchangeWithApiKey: () => added('addExchangeWithApiKey') });
    const { user, onLinked } = setup('onetrading', 'ApiKey');
    expect(screen.queryByLabelText('API Secret')).not.toBeInTheDocument();
    const submit = screen.getByTestId('link-submit');
    expect(submit).toBeDisabled();
    await user.type(screen.getByTestId('exchange-apiKey'), 'x');
    expect(submit).toBeEnabled();
    await user.clear(screen.getByTestId('exchange-apiKey'));
    expect(screen.getByText('Field is required')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.type(screen.getByTestId('exchange-apiKey'), 'only-key');
    await user.click(submit);
    await waitFor(() => expect(onLinked).toHaveBeenCalledOnce());
    expect(fetchMock.calls[0]).toMatchObject({
      operationName: 'addExchangeWithApiKey',
      variables: { input: { accountTypeSlug: 'onetrading', apiKey: 'only-key' } },
    });
  });

  it('passphrase: three required fields, sent as addExchangeInput', async () => {
    const fetchMock = mockFetch({ addExchangeWithPassphrase: () => added('addExchangeWithPassphrase') });
    const { user, onLinked } = setup('kucoin', 'Passphrase');
    await user.click(screen.getByTestId('link-submit'));
    expect(screen.getAllByText('Field is required')).toHaveLength(3);
    await user.type(screen.getByTestId('exchange-apiKey'), 'k');
    await user.type(screen.getByTestId('exchange-apiSecret'), 's');
    await user.type(screen.getByLabelText('Passphrase'), 'p');
    await user.click(screen.getByTestId('link-submit'));
    await waitFor(() => expect(onLinked).toHaveBeenCalledOnce());
    expect(fetchMock.calls[0]?.variables).toEqual({ addExchangeInput: { accountTypeSlug: 'kucoin', apiKey: 'k', apiSecret: 's', passphrase: 'p' } });
  });

  it('customer id: customer id, key and secret, each required', async () => {
    const fetchMock = mockFetch({ addExchangeWithCustomerId: () => added('addExchangeWithCustomerId') });
    const { user, onLinked } = setup('coinmate', 'CustomerId');
    await user.click(screen.getByTestId('link-submit'));
    expect(screen.getAllByText('Field is required')).toHaveLength(3);
    await user.type(screen.getByLabelText('Customer ID'), '42');
    await user.type(screen.getByTestId('exchange-apiKey'), 'k');
    await user.type(screen.getByTestId('exchange-apiSecret'), 's');
    await user.click(screen.getByTestId('link-submit'));
    await waitFor(() => expect(onLinked).toHaveBeenCalledOnce());
    expect(fetchMock.calls[0]?.variables).toEqual({ input: { accountTypeSlug: 'coinmate', customerId: '42', apiKey: 'k', apiSecret: 's' } });
  });

  it('labels the secret Private Key for the two private-key exchanges only', () => {
    setup('extended', 'ApiKey');
    expect(screen.getByLabelText('Private Key')).toBeInTheDocument();
    expect(screen.queryByTestId('generate-key-pair')).not.toBeInTheDocument();
  });

  it('generates a key pair in the browser: two text files downloaded, public key shown, private key filled in', async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:key';
        static override revokeObjectURL = () => undefined;
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = setup('revolutx', 'ApiKey');
    await user.click(screen.getByTestId('generate-key-pair'));
    const shown = await screen.findByTestId('public-key');
    expect(shown.textContent).toMatch(/^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+-----END PUBLIC KEY-----\n$/);
    expect(saved).toEqual(['revolutx-private-key.txt', 'revolutx-public-key.txt']);
    expect(click).toHaveBeenCalledTimes(2);
    expect((screen.getByLabelText('Private Key') as HTMLTextAreaElement).value).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });

  it('a failed key generation says so', async () => {
    vi.spyOn(crypto.subtle, 'generateKey').mockRejectedValue(new Error('unsupported'));
    const { user } = setup('revolutx', 'ApiKey');
    await user.click(screen.getByTestId('generate-key-pair'));
    await act(() => Promise.resolve());
    expect(await screen.findByText('Failed to generate key pair. Please try again.')).toBeInTheDocument();
  });
});

describe('Updating an exchange’s credentials', () => {
  fakeTimersAndFreshToasts();

  it('sends the update mutation with the account id and says the details were updated', async () => {
    const fetchMock = mockFetch({
      updateExchangeWithApiKeyAndSecret: () => ({ updateExchangeWithApiKeyAndSecret: { success: true, error: null, errorMessage: null, message: null } }),
    });
    const onUpdated = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<UpdateCredentials integration={integration('kraken', 'Kraken', { formId: 'ApiKey' })} accountId="41" onUpdated={onUpdated} />);
    await user.type(screen.getByTestId('exchange-apiKey'), 'new-key');
    await user.type(screen.getByTestId('exchange-apiSecret'), 'c2VjcmV0');
    await user.click(screen.getByRole('button', { name: 'Update account' }));
    await waitFor(() => expect(onUpdated).toHaveBeenCalledOnce());
    expect(fetchMock.calls[0]).toMatchObject({
      operationName: 'updateExchangeWithApiKeyAndSecret',
      variables: { input: { publicId: '41', accountTypeSlug: 'kraken', apiKey: 'new-key', apiSecret: 'c2VjcmV0' } },
    });
    expect(await screen.findByText('Updated exchange details')).toBeInTheDocument();
  });

  it('shows the spec text when the new key is refused, and stays open', async () => {
    mockFetch({
      updateExchangeWithApiKeyAndSecret: () => ({
        updateExchangeWithApiKeyAndSecret: { success: false, error: 'invalid_api_key', errorMessage: 'x', message: null },
      }),
    });
    const onUpdated = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<UpdateCredentials integration={integration('kraken', 'Kraken', { formId: 'ApiKey' })} accountId="41" onUpdated={onUpdated} />);
    await user.type(screen.getByTestId('exchange-apiKey'), 'bad');
    await user.type(screen.getByTestId('exchange-apiSecret'), 's');
    await user.click(screen.getByTestId('link-submit'));
    expect(await screen.findByTestId('link-error')).toHaveTextContent('API key is invalid.');
    expect(onUpdated).not.toHaveBeenCalled();
  });
});
