/** Wallet connect through an injected EIP-1193 provider (window.ethereum). */
interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** EIP-155 chain ids of the EVM chains in the catalogue. */
const CHAINS_BY_ID: Record<number, string> = {
  1: 'ethereum',
  10: 'optimism',
  56: 'binance-smart-chain',
  137: 'polygon',
  250: 'fantom',
  324: 'zksync-era',
  8453: 'base',
  42161: 'arbitrum-one',
  43114: 'avalanche',
};

export function injectedProvider(): Eip1193Provider | null {
  const candidate = (window as { ethereum?: unknown }).ethereum;
  return candidate && typeof (candidate as Eip1193Provider).request === 'function' ? (candidate as Eip1193Provider) : null;
}

export interface ConnectedWallet {
  address: string;
  /** A catalogue chain name, or null for a chain Cairn does not sync. */
  chain: string | null;
}

/** Asks the provider for the user's accounts (eth_requestAccounts) and the selected chain (eth_chainId). */
export async function connectInjectedWallet(provider: Eip1193Provider): Promise<ConnectedWallet | null> {
  const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
  const address = accounts[0];
  if (!address) return null;
  const chainId = Number.parseInt(String(await provider.request({ method: 'eth_chainId' })), 16);
  return { address, chain: CHAINS_BY_ID[chainId] ?? null };
}
