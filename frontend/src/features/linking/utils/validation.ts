/** Client-side checks of the wallet forms (spec 000 §5). */
import { XPUB_MAX, XPUB_MIN } from './forms';
import { AT_LEAST_ONE_KEY, FIELD_REQUIRED, THIS_FIELD_REQUIRED, XPUB_LENGTH, XPUB_SAME } from './messages';

function lengthError(value: string, required: string): string | undefined {
  const key = value.trim();
  if (!key) return required;
  return key.length < XPUB_MIN || key.length > XPUB_MAX ? XPUB_LENGTH : undefined;
}

export function xpubError(value: string): string | undefined {
  return lengthError(value, THIS_FIELD_REQUIRED);
}

export interface TwoXpubErrors {
  chain?: string;
  receive?: string;
  change?: string;
}

/** Both keys 30–120 characters (required otherwise), a chain chosen; only the receive key is compared with the change key. */
export function twoXpubErrors(chain: string, receive: string, change: string): TwoXpubErrors {
  const receiveError = lengthError(receive, FIELD_REQUIRED) ?? (receive.trim() === change.trim() ? XPUB_SAME : undefined);
  return { chain: chain ? undefined : THIS_FIELD_REQUIRED, receive: receiveError, change: lengthError(change, FIELD_REQUIRED) };
}

/** The public keys of the multi-address text: one per line, or separated by commas, semicolons or spaces. */
function parsePublicKeys(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

export function publicKeysError(text: string): string | undefined {
  if (!text.trim()) return THIS_FIELD_REQUIRED;
  return parsePublicKeys(text).length ? undefined : AT_LEAST_ONE_KEY;
}
