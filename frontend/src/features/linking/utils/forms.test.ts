import { describe, expect, it } from 'vitest';
import { BITCOIN, ETHEREUM, LEDGER, integration } from '@/features/linking/testing/integrations';
import { addressHint, chainsOf, linkFormOf } from './forms';
import { exchangeErrorMessage, walletErrorMessage } from './messages';
import { oauthStartUrl } from './redirect';

describe('linkFormOf', () => {
  it('gives each exchange form id its fields, mutation and secret label', () => {
    expect(linkFormOf(integration('kraken', 'Kraken'))).toEqual({
      kind: 'exchange',
      fields: ['apiKey', 'apiSecret'],
      mutation: 'apiKeyAndSecret',
      secretLabel: 'API Secret',
      keyPair: false,
    });
    expect(linkFormOf(integration('onetrading', 'One Trading'))).toMatchObject({ fields: ['apiKey'], mutation: 'apiKey' });
    expect(linkFormOf(integration('okx', 'OKX', { formId: 'Passphrase' }))).toMatchObject({
      fields: ['apiKey', 'apiSecret', 'passphrase'],
      mutation: 'passphrase',
    });
    expect(linkFormOf(integration('coinmate', 'Coinmate', { formId: 'CustomerId' }))).toMatchObject({
      fields: ['customerId', 'apiKey', 'apiSecret'],
      mutation: 'customerId',
    });
    expect(linkFormOf(integration('revolutx', 'Revolut X'))).toMatchObject({ secretLabel: 'Private Key', keyPair: true });
    expect(linkFormOf(integration('extended', 'Extended'))).toMatchObject({ secretLabel: 'Private Key', keyPair: false });
  });

  it('sends redirect integrations through OAuth and gives wallets their forms; file-only entries have none', () => {
    expect(linkFormOf(integration('coinbase', 'Coinbase', { formId: 'Coinbase' }))).toEqual({ kind: 'redirect', provider: 'coinbase' });
    expect(linkFormOf(integration('uphold', 'Uphold', { formId: 'Uphold' }))).toEqual({ kind: 'redirect', provider: 'uphold' });
    expect(linkFormOf(ETHEREUM)).toEqual({ kind: 'wallet', forms: ['Address', 'MultiAddress'] });
    expect(linkFormOf(BITCOIN)).toEqual({ kind: 'wallet', forms: ['PublicXpub', 'TwoXpub', 'MultiAddress'] });
    expect(linkFormOf(LEDGER)).toEqual({ kind: 'wallet', forms: ['Address', 'PublicXpub', 'TwoXpub', 'MultiAddress'] });
    expect(linkFormOf(integration('ndax', 'NDAX', { formId: null }))).toBeNull();
  });

  it('offers a blockchain its own chain and a wallet app every chain it supports that is synced', () => {
    expect(chainsOf(ETHEREUM)).toEqual(['ethereum']);
    expect(chainsOf(LEDGER)).toEqual(['ethereum', 'bitcoin', 'litecoin', 'solana']);
    expect(chainsOf({ ...LEDGER, info: { ...LEDGER.info, supportedCryptoNetworks: ['bitcoin', 'Cardano', 'tron'] } })).toEqual(['bitcoin']);
  });

  it('gives chains that are not synced yet no form', () => {
    const cardano = integration('cardano', 'Cardano', { category: 'Blockchain', formId: 'Address' }, { cryptoNetwork: 'cardano' });
    expect(linkFormOf(cardano)).toBeNull();
    const dogecoin = integration('dogecoin', 'Dogecoin', { category: 'Blockchain', formId: 'PublicXpub', supportsHdWallet: true }, { cryptoNetwork: 'dogecoin' });
    expect(linkFormOf(dogecoin)).toBeNull();
    expect(chainsOf({ ...LEDGER, info: { ...LEDGER.info, supportedCryptoNetworks: ['bitcoin', 'dogecoin'] } })).toEqual(['bitcoin']);
  });

  it('hints the address field per chain (spec 000 §5)', () => {
    expect(addressHint('ethereum', false)).toBe('Address or ENS domain');
    expect(addressHint('cardano', false)).toBe('Address or stake key');
    expect(addressHint('bitcoin', true)).toBe('Address or xPub, yPub or zPub');
    expect(addressHint('solana', false)).toBe('Public address');
  });
});

describe('error texts', () => {
  it('maps exchange codes in either spelling, anything else to the generic problem', () => {
    expect(exchangeErrorMessage('InvalidApiKey')).toBe('API key is invalid.');
    expect(exchangeErrorMessage('invalid_api_secret')).toBe(
      'There was a problem while trying to add your exchange. Try again or contact support.',
    );
    expect(exchangeErrorMessage(null)).toBe('There was a problem while trying to add your exchange. Try again or contact support.');
  });

  it('maps wallet codes, shows other strings as is and nothing as the unknown error', () => {
    expect(walletErrorMessage('TooManyTransactions')).toBe('This wallet exceeds the number of transactions allowed for your current plan.');
    expect(walletErrorMessage('FailedToImportMultiAddressWallet')).toBe('An error has occurred, please try again.');
    expect(walletErrorMessage('Node unreachable')).toBe('Node unreachable');
    expect(walletErrorMessage(null)).toBe('An error has occurred, please try again.');
  });
});

describe('oauthStartUrl', () => {
  it('is the server start route; Coinbase keeps authorized_redirect_url and account_id', () => {
    const params = new URLSearchParams('authorized_redirect_url=%2Fwallets&account_id=41&other=x');
    expect(oauthStartUrl('coinbase', params)).toBe('/oauth/coinbase/start?authorized_redirect_url=%2Fwallets&account_id=41');
    expect(oauthStartUrl('uphold', params)).toBe('/oauth/uphold/start');
  });
});
