import { integrationParamValue, PARAM_ADD_INTEGRATION } from '@/lib/addWalletsModalUrl';

const BLOCKCHAIN_CATEGORY = 'Blockchain';

/** Where the result card sends the visitor: the wallets page with the coin's blockchain open to add. */
export function addWalletLink(network: string): string {
  return `/wallets?${PARAM_ADD_INTEGRATION}=${encodeURIComponent(integrationParamValue(network, BLOCKCHAIN_CATEGORY))}`;
}
