/**
 * Which form an integration's Automatic sync tab shows (spec 000 §2/§3/§5): exchange fields and
 * labels, wallet forms and chain hints.
 */
import type { IntegrationFieldsFragment } from '@/gql/graphql';
import { normalizeNetwork } from '@/lib/networks';
import type { ExchangeMutation } from '@/features/linking/api/addExchange';

export type Integration = IntegrationFieldsFragment;

export type ExchangeField = 'customerId' | 'apiKey' | 'apiSecret' | 'passphrase';

export type WalletForm = 'Address' | 'PublicXpub' | 'TwoXpub' | 'MultiAddress';

export type LinkForm =
  | { kind: 'exchange'; fields: ExchangeField[]; mutation: ExchangeMutation; secretLabel: string; keyPair: boolean }
  | { kind: 'redirect'; provider: 'coinbase' | 'coinjar' | 'uphold' }
  | { kind: 'wallet'; forms: WalletForm[] };

/**
 * ApiKey integrations whose exchange takes the key alone, and the two whose secret is a private
 * key (Revolut X signs with an Ed25519 key pair made in the browser). The catalogue holds these as
 * credential fields, which the Integration type does not expose yet.
 */
const KEY_ONLY = new Set(['aster', 'blockchaincom', 'dydx', 'grvt', 'lighter', 'mudrex', 'onetrading', 'pacifica', 'polymarket']);
const PRIVATE_KEY_SECRET = new Set(['extended', 'revolutx']);
const KEY_PAIR = new Set(['revolutx']);

export const FIELD_LABELS: Record<ExchangeField, string> = {
  customerId: 'Customer ID',
  apiKey: 'API Key',
  apiSecret: 'API Secret',
  passphrase: 'Passphrase',
};

function exchangeForm(slug: string, fields: ExchangeField[], mutation: ExchangeMutation): LinkForm {
  return {
    kind: 'exchange',
    fields,
    mutation,
    secretLabel: PRIVATE_KEY_SECRET.has(slug) ? 'Private Key' : FIELD_LABELS.apiSecret,
    keyPair: KEY_PAIR.has(slug),
  };
}

/**
 * Catalogue chains the worker does not sync yet (it syncs Bitcoin and Litecoin through Esplora, the
 * EVM chains through Etherscan v2 and RPC, and Solana), as the server's `ingest.chains.coverage` lists
 * them. A blockchain on one of them has no Automatic sync form, so the modal says sync is not available
 * yet; wallet apps do not offer them.
 */
export const NOT_SYNCED_CHAINS: ReadonlySet<string> = new Set(['cardano', 'xrp', 'tron', 'bitcoin-cash', 'dogecoin']);

/** The form for an integration's Automatic sync tab; null when it has none (file-only entries, chains not synced yet). */
export function linkFormOf(integration: Integration): LinkForm | null {
  const { slug, formId, supportsHdWallet } = integration;
  if (integration.category === 'Blockchain' && NOT_SYNCED_CHAINS.has(normalizeNetwork(integration.info.cryptoNetwork))) return null;
  switch (formId) {
    case 'ApiKey':
      return KEY_ONLY.has(slug)
        ? exchangeForm(slug, ['apiKey'], 'apiKey')
        : exchangeForm(slug, ['apiKey', 'apiSecret'], 'apiKeyAndSecret');
    case 'Passphrase':
      return exchangeForm(slug, ['apiKey', 'apiSecret', 'passphrase'], 'passphrase');
    case 'CustomerId':
      return exchangeForm(slug, ['customerId', 'apiKey', 'apiSecret'], 'customerId');
    case 'Coinbase':
      return { kind: 'redirect', provider: 'coinbase' };
    case 'Coinjar':
      return { kind: 'redirect', provider: 'coinjar' };
    case 'Uphold':
      return { kind: 'redirect', provider: 'uphold' };
    case 'Public':
    case 'Address':
      return { kind: 'wallet', forms: supportsHdWallet ? ['Address', 'PublicXpub', 'TwoXpub', 'MultiAddress'] : ['Address', 'MultiAddress'] };
    case 'PublicXpub':
    case 'TwoXpub':
      return { kind: 'wallet', forms: ['PublicXpub', 'TwoXpub', 'MultiAddress'] };
    case 'MultiAddress':
      return { kind: 'wallet', forms: ['MultiAddress'] };
    default:
      return null;
  }
}

export const WALLET_FORM_LABELS: Record<WalletForm, string> = {
  Address: 'Address',
  PublicXpub: 'xPub',
  TwoXpub: 'Two xPubs',
  MultiAddress: 'Multiple addresses',
};

/** Spec 000 §9: the EVM chains the Add additional wallets prompt offers. */
export const ADDITIONAL_WALLET_CHAINS = [
  'ethereum',
  'arbitrum-one',
  'avalanche',
  'binance-smart-chain',
  'fantom',
  'optimism',
  'polygon',
  'base',
  'zksync-era',
] as const;

/** Spec 000 §9: wallet slugs with a connect-wallet button. */
export const CONNECT_WALLET_SLUGS = new Set([
  'coinbase-wallet',
  'metamask',
  'trust',
  'uniswap',
  'rainbow',
  'okx-wallet',
  'ledger',
  'zerion',
  'kraken-wallet',
  'robinhood-wallet',
  'exodus',
  'jupiter',
  'solflare',
  'phantom',
  'coin98',
  'backpack',
  'xverse',
  'leather',
]);

/**
 * The chains a wallet form offers: a blockchain its own (its other EVM chains come through the
 * Add additional wallets prompt); a wallet app (MetaMask, Ledger…) every network it supports.
 */
export function chainsOf(integration: Integration): string[] {
  const own = integration.info.cryptoNetwork ? [integration.info.cryptoNetwork] : [];
  const chains = integration.category === 'Blockchain' || !integration.info.supportedCryptoNetworks.length ? own : integration.info.supportedCryptoNetworks;
  return [...new Set(chains.map(normalizeNetwork))].filter((chain) => !NOT_SYNCED_CHAINS.has(chain));
}

/**
 * The integration a wallet payload names (slug, accountTypeSlug): a blockchain itself; for a wallet
 * app, the blockchain integration of the chosen chain, whose slug is the network's name.
 */
export function walletSlugOf(integration: Integration, chain: string): string {
  return integration.category === 'Blockchain' ? integration.slug : chain;
}

/** Spec 000 §5: what the address field takes, per chain. */
export function addressHint(chain: string, supportsHdWallet: boolean): string {
  if (chain === 'ethereum') return 'Address or ENS domain';
  if (chain === 'cardano') return 'Address or stake key';
  if (supportsHdWallet) return 'Address or xPub, yPub or zPub';
  return 'Public address';
}

export function isAdditionalWalletChain(chain: string): boolean {
  return (ADDITIONAL_WALLET_CHAINS as readonly string[]).includes(chain);
}

/** Spec 000 §5: a wallet's default name, {chain} Wallet ...{last 6 characters of the address}. */
export function defaultWalletName(chainName: string, address: string): string {
  return `${chainName} Wallet ...${address.slice(-6)}`;
}

export const XPUB_MIN = 30;
export const XPUB_MAX = 120;

const CHAIN_NAMES: Record<string, string> = {
  'arbitrum-one': 'Arbitrum One',
  'binance-smart-chain': 'BNB Smart Chain',
  'zksync-era': 'zkSync Era',
  xrp: 'XRP',
};

/** A chain's display name: ethereum → Ethereum, bitcoin-cash → Bitcoin Cash. */
export function chainName(chain: string): string {
  return CHAIN_NAMES[chain] ?? chain.split('-').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}

const NATIVE_SYMBOLS: Record<string, string> = {
  ethereum: 'ETH',
  base: 'ETH',
  'arbitrum-one': 'ETH',
  optimism: 'ETH',
  'zksync-era': 'ETH',
  polygon: 'POL',
  'binance-smart-chain': 'BNB',
  avalanche: 'AVAX',
  fantom: 'FTM',
  bitcoin: 'BTC',
  litecoin: 'LTC',
  dogecoin: 'DOGE',
  'bitcoin-cash': 'BCH',
  solana: 'SOL',
  cardano: 'ADA',
  xrp: 'XRP',
  tron: 'TRX',
};

/** The coin symbol sent with a wallet payload: the chain's native coin, else the integration's symbol. */
export function coinSymbolOf(integration: Integration, chain: string): string {
  return NATIVE_SYMBOLS[chain] ?? integration.info.symbol ?? '';
}

/** Chains whose wallets are HD (xPub, yPub, zPub). */
export const HD_CHAINS = new Set(['bitcoin', 'litecoin', 'dogecoin', 'bitcoin-cash']);

/** The chain preselected in a wallet form: the integration's own when offered, else none when several. */
export function defaultChain(integration: Integration, chains: string[]): string {
  const own = normalizeNetwork(integration.info.cryptoNetwork);
  if (chains.includes(own)) return own;
  return chains.length === 1 ? chains[0] : '';
}
