/** Addresses of the account pages (spec 000 §2). */
export const CUSTOM_WALLET_TYPE = 'custom';

export function exchangePath(exchangeId: string): string {
  return `/accounts/${encodeURIComponent(exchangeId)}`;
}

export function exchangeImportPath(exchangeId: string): string {
  return `${exchangePath(exchangeId)}/import`;
}

/** New API credentials for an exchange, or its move from files to the API. */
export function exchangeCredentialsPath(exchangeId: string): string {
  return `${exchangePath(exchangeId)}/credentials`;
}

export function customWalletPath(walletId: string): string {
  return `/wallets/${CUSTOM_WALLET_TYPE}/${encodeURIComponent(walletId)}`;
}

export function customWalletImportPath(walletId: string): string {
  return `/custom_wallets/${encodeURIComponent(walletId)}/import`;
}
