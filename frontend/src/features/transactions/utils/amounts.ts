/** Spec 001 §5: cost basis and proceeds must be positive numbers (the server holds the same rule). */
export const NOT_POSITIVE = 'Enter a positive number, such as 1250.50.';

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

export function isPositiveAmount(text: string): boolean {
  return PLAIN_DECIMAL.test(text) && /[1-9]/.test(text);
}
