/** Integrations as the `integrations` query answers them, for the linking tests. */
import type { Integration } from '@/features/linking/utils/forms';

export function integration(slug: string, name: string, overrides: Partial<Integration> = {}, info: Partial<Integration['info']> = {}): Integration {
  return {
    slug,
    name,
    rank: 1,
    category: 'Exchange',
    syncMethod: 'Automatic sync and custom file',
    formId: 'ApiKey',
    imageUrl: `/icons/${slug}.svg`,
    isDisabled: false,
    supportsHdWallet: false,
    instructions: '',
    websiteUrl: null,
    ...overrides,
    info: {
      symbol: null,
      cryptoNetwork: null,
      isEvmChain: false,
      supportedCryptoNetworks: [],
      isInstitutional: false,
      supportedFileFormats: ['.csv'],
      ...info,
    },
  };
}

export const EVM_CHAINS = ['ethereum', 'base', 'arbitrum-one', 'polygon', 'binance-smart-chain', 'optimism', 'avalanche', 'zksync-era', 'fantom'];

export const ETHEREUM = integration(
  'ethereum',
  'Ethereum',
  { category: 'Blockchain', syncMethod: 'Automatic sync', formId: 'Address' },
  { symbol: 'ETH', cryptoNetwork: 'ethereum', isEvmChain: true, supportedCryptoNetworks: EVM_CHAINS },
);

export const BITCOIN = integration(
  'bitcoin',
  'Bitcoin',
  { category: 'Blockchain', syncMethod: 'Automatic sync', formId: 'PublicXpub', supportsHdWallet: true },
  { symbol: 'BTC', cryptoNetwork: 'bitcoin', supportedCryptoNetworks: ['bitcoin'] },
);

export const LEDGER = integration(
  'ledger',
  'Ledger',
  { category: 'Wallet', syncMethod: 'Automatic sync', formId: 'Public', supportsHdWallet: true },
  { symbol: 'BTC', cryptoNetwork: 'bitcoin', supportedCryptoNetworks: ['ethereum', 'bitcoin', 'litecoin', 'solana'] },
);
