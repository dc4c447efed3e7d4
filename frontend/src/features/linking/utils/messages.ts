/** Spec 000 §5 validation texts and the §8 error catalogue for adding exchanges and wallets. */

export const FIELD_REQUIRED = 'Field is required';
export const THIS_FIELD_REQUIRED = 'This field is required';
export const XPUB_LENGTH = 'Field must be between 30 and 120 characters long.';
export const XPUB_SAME = 'Receive and Change address cannot be the same.';
export const CONNECT_FIRST = 'You need to connect with a wallet first';
export const AT_LEAST_ONE_KEY = 'Please enter at least one public key';
export const KEY_PAIR_FAILED = 'Failed to generate key pair. Please try again.';

export const EXCHANGE_ADDED = 'Added new exchange';
export const EXCHANGE_UPDATED = 'Updated exchange details';
export const EXCHANGE_PROBLEM = 'There was a problem while trying to add your exchange. Try again or contact support.';

export const WALLET_UNKNOWN_ERROR = 'An error has occurred, please try again.';
export const ADDITIONAL_WALLETS_FAILED = 'Something went wrong when adding your additional wallets. Please try again later.';
export const WALLET_ADDED = 'Wallet added';

/** AccountAlreadyLinked, account_already_linked and the like compare equal. */
function codeKey(code: string): string {
  return code.replace(/[_\s-]/g, '').toLowerCase();
}

const EXCHANGE_ERRORS: Record<string, string> = {
  accountalreadylinked: 'Account is already linked.',
  invalidaccount: 'Account is invalid.',
  invalidapikey: 'API key is invalid.',
};

/** An exchange add/update error code → its message; any other error (or none) → the generic problem. */
export function exchangeErrorMessage(code: string | null | undefined): string {
  return (code && EXCHANGE_ERRORS[codeKey(code)]) || EXCHANGE_PROBLEM;
}

export const TOO_MANY_TRANSACTIONS = 'This wallet exceeds the number of transactions allowed for your current plan.';

const WALLET_ERRORS: Record<string, string> = {
  haszerotransactions: 'We could not add your wallet as it has zero transactions.',
  toomanytransactions: TOO_MANY_TRANSACTIONS,
  walletalreadylinked: 'This wallet has already been added to the product. Please see below.',
  walletvalidationerror:
    'We could not add your wallet as this address is invalid. Please follow the instructions below and try again.',
  invalidcryptocurrency: 'Wallets of this coin are not supported yet.',
  unknownerror: WALLET_UNKNOWN_ERROR,
  valueerror: WALLET_UNKNOWN_ERROR,
  unknownjobid: WALLET_UNKNOWN_ERROR,
  failedtoimportmultiaddresswallet: WALLET_UNKNOWN_ERROR,
  receivechangexpubsame: XPUB_SAME,
};

/** A wallet add error: a catalogue code → its text, any other string as is, nothing → the unknown error. */
export function walletErrorMessage(error: string | null | undefined): string {
  if (!error?.trim()) return WALLET_UNKNOWN_ERROR;
  return WALLET_ERRORS[codeKey(error)] ?? error;
}

/** HasZeroTransactions comes with a learn-more link. */
export function isZeroTransactions(error: string | null | undefined): boolean {
  return Boolean(error) && codeKey(error ?? '') === 'haszerotransactions';
}
