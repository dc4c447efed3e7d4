/**
 * Number, money and name formatting (spec 001 §5 "Number display" and §9 "Formatting").
 *
 * Decimals arrive from the API as strings and are formatted with exact decimal arithmetic
 * (BigInt coefficient + scale), never through parseFloat, so precise mode never loses digits.
 *
 * Rules:
 * - fiat: 2 fraction digits; non-zero values below 0.01 show 4 significant digits;
 * - precise mode: up to 8 fraction digits (fiat keeps at least 2);
 * - shortened mode: abbreviation (K, M, B, T) from 1000 with 3 significant digits, and a
 *   minimum of 0.01 (smaller non-zero amounts read '< 0.01');
 * - estimates are prefixed with '≈';
 * - crypto shortened: 4 significant digits (whole units are never rounded away), at most 9
 *   significant digits (amounts of 1e9 and more are abbreviated), at most 8 fraction digits;
 * - invalid numbers show empty; values ≥ 1e20 show '∞', ≤ -1e20 show '-∞';
 *   missing (null, undefined, '') or NaN values count as zero.
 */

export type Numeric = string | number | bigint | null | undefined;

/** |value| = coef × 10^-scale, scale ≥ 0. */
export interface Decimal {
  readonly neg: boolean;
  readonly coef: bigint;
  readonly scale: number;
}

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const MAX_EXPONENT = 1000;

/** Parses a plain or exponent decimal string exactly; null when it is not a number. */
export function parseDecimal(input: string): Decimal | null {
  const match = DECIMAL_RE.exec(input.trim());
  if (!match) return null;
  const [, sign, intPart = '', fracPart = '', expPart] = match;
  if (intPart === '' && fracPart === '') return null;
  const exponent = expPart === undefined ? 0 : Number.parseInt(expPart, 10);
  const digits = (intPart + fracPart).replace(/^0+/, '') || '0';
  if (digits === '0') return { neg: false, coef: 0n, scale: 0 };
  if (exponent > MAX_EXPONENT) return { neg: sign === '-', coef: 10n ** 30n, scale: 0 };
  if (exponent < -MAX_EXPONENT) return { neg: false, coef: 0n, scale: 0 };
  let scale = fracPart.length - exponent;
  let coef = BigInt(digits);
  if (scale < 0) {
    coef *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { neg: sign === '-', coef, scale };
}

const ZERO: Decimal = { neg: false, coef: 0n, scale: 0 };
const CENT = parseDecimal('0.01') as Decimal;
const THOUSAND = parseDecimal('1000') as Decimal;
const LIMIT = parseDecimal('1e20') as Decimal;
const BILLION = parseDecimal('1e9') as Decimal;

type Parsed = { kind: 'empty' } | { kind: 'infinite'; neg: boolean } | { kind: 'finite'; value: Decimal };

/** Normalises any input to a decimal, the infinite markers, or "invalid". */
export function toDecimal(value: Numeric): Parsed {
  if (value === null || value === undefined) return { kind: 'finite', value: ZERO };
  if (typeof value === 'bigint') return checkLimit(parseDecimal(value.toString()) as Decimal);
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return { kind: 'finite', value: ZERO };
    if (!Number.isFinite(value)) return { kind: 'infinite', neg: value < 0 };
    return checkLimit(parseDecimal(String(value)) as Decimal);
  }
  const text = value.trim();
  if (text === '' || text.toLowerCase() === 'nan') return { kind: 'finite', value: ZERO };
  const lowered = text.toLowerCase().replace(/^\+/, '');
  if (lowered === 'infinity' || lowered === '∞') return { kind: 'infinite', neg: false };
  if (lowered === '-infinity' || lowered === '-∞') return { kind: 'infinite', neg: true };
  const parsed = parseDecimal(text);
  if (!parsed) return { kind: 'empty' };
  return checkLimit(parsed);
}

function checkLimit(value: Decimal): Parsed {
  if (compareAbs(value, LIMIT) >= 0) return { kind: 'infinite', neg: value.neg };
  return { kind: 'finite', value };
}

function isZero(value: Decimal): boolean {
  return value.coef === 0n;
}

/** Compares |a| with |b|: -1, 0 or 1. */
export function compareAbs(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const left = a.coef * 10n ** BigInt(scale - a.scale);
  const right = b.coef * 10n ** BigInt(scale - b.scale);
  return left === right ? 0 : left < right ? -1 : 1;
}

/** Rounds half away from zero to `scale` fraction digits (a negative scale rounds to tens, hundreds …). */
export function roundToScale(value: Decimal, scale: number): Decimal {
  if (value.scale <= scale) return value;
  const divisor = 10n ** BigInt(value.scale - scale);
  let quotient = value.coef / divisor;
  if ((value.coef % divisor) * 2n >= divisor) quotient += 1n;
  if (scale < 0) {
    return { neg: value.neg && quotient !== 0n, coef: quotient * 10n ** BigInt(-scale), scale: 0 };
  }
  return { neg: value.neg && quotient !== 0n, coef: quotient, scale };
}

/** Power of ten of the leading digit (0.05 → -2, 123 → 2). Zero answers 0. */
function magnitude(value: Decimal): number {
  if (value.coef === 0n) return 0;
  return value.coef.toString().length - 1 - value.scale;
}

/** Rounds to `digits` significant digits, half away from zero. */
export function roundSignificant(value: Decimal, digits: number): Decimal {
  if (value.coef === 0n) return value;
  return roundToScale(value, digits - 1 - magnitude(value));
}

function abs(value: Decimal): Decimal {
  return { ...value, neg: false };
}

function shift(value: Decimal, powerOfTen: number): Decimal {
  // value ÷ 10^powerOfTen
  return { ...value, scale: value.scale + powerOfTen };
}

function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Renders |value| with between minFraction and maxFraction fraction digits (rounded half away
 * from zero, trailing zeros trimmed down to minFraction) and thousands separators.
 */
function renderAbs(value: Decimal, minFraction: number, maxFraction: number): string {
  const rounded = roundToScale(abs(value), maxFraction);
  const digits = rounded.coef.toString().padStart(rounded.scale + 1, '0');
  const integer = digits.slice(0, digits.length - rounded.scale);
  let fraction = digits.slice(digits.length - rounded.scale);
  fraction = fraction.replace(/0+$/, '');
  if (fraction.length < minFraction) fraction = fraction.padEnd(minFraction, '0');
  return groupThousands(integer) + (fraction ? `.${fraction}` : '');
}

/** Exact decimal as a plain string (no grouping), up to `maxFraction` fraction digits. */
export function decimalToString(value: Decimal, maxFraction = value.scale): string {
  const rounded = roundToScale(value, maxFraction);
  const text = renderAbs(rounded, 0, Math.max(rounded.scale, 0)).replace(/,/g, '');
  return (rounded.neg && rounded.coef !== 0n ? '-' : '') + text;
}

const UNITS = ['', 'K', 'M', 'B', 'T'] as const;

/** |value| ≥ 1000 abbreviated with 3 significant digits: 1.23K, 45.6M, 1B. */
function abbreviateAbs(value: Decimal): string {
  const absolute = abs(value);
  let tier = Math.min(Math.floor(magnitude(absolute) / 3), UNITS.length - 1);
  let mantissa = roundSignificant(shift(absolute, tier * 3), 3);
  if (compareAbs(mantissa, THOUSAND) >= 0 && tier < UNITS.length - 1) {
    tier += 1;
    mantissa = roundSignificant(shift(absolute, tier * 3), 3);
  }
  return renderAbs(mantissa, 0, Math.max(mantissa.scale, 0)) + UNITS[tier];
}

/** Currency signs of the spec; other codes are written out. */
export const CURRENCY_SIGNS: Readonly<Record<string, string>> = {
  BTC: '₿',
  EUR: '€',
  PLN: 'zł',
  RUB: '₽',
  UAH: '₴',
  USD: '$',
  GBP: '£',
  CAD: 'CA$',
  INR: '₹',
  AUD: 'A$',
};

/** The sign of a currency code ('USD' → '$'); unknown codes answer the code itself. */
export function currencySign(code: string): string {
  return CURRENCY_SIGNS[code.toUpperCase()] ?? code.toUpperCase();
}

function withCurrency(amount: string, currency: string): string {
  const code = currency.toUpperCase();
  const sign = CURRENCY_SIGNS[code];
  if (code === 'PLN') return `${amount} ${sign}`;
  if (sign === undefined) return `${code} ${amount}`;
  return `${sign}${amount}`;
}

export const ESTIMATE_PREFIX = '≈';

function estimate(text: string, isEstimate: boolean | undefined): string {
  return isEstimate && text !== '' ? `${ESTIMATE_PREFIX} ${text}` : text;
}

function infinite(neg: boolean): string {
  return neg ? '-∞' : '∞';
}

export interface NumberFormatOptions {
  /** Up to 8 fraction digits. */
  precise?: boolean;
  /** Abbreviated from 1000, minimum 0.01. */
  shortened?: boolean;
  /** Prefix with '≈'. */
  estimate?: boolean;
}

/** Plain number: 2 fraction digits, same tiny / precise / shortened rules as fiat, no currency sign. */
export function formatNumber(value: Numeric, options: NumberFormatOptions = {}): string {
  return formatMoneyLike(value, null, options);
}

/** Fiat amount in a currency (default USD): '$1,234.50', '-€0.001235', '$1.23K', '< $0.01'. */
export function formatFiat(value: Numeric, currency = 'USD', options: NumberFormatOptions = {}): string {
  if (currency.toUpperCase() === 'BTC') {
    const text = formatCryptoAmount(value, { precise: options.precise });
    if (text === '' || text.endsWith('∞')) return estimate(text, options.estimate);
    return estimate(text.startsWith('-') ? `-₿${text.slice(1)}` : `₿${text}`, options.estimate);
  }
  return formatMoneyLike(value, currency, options);
}

function formatMoneyLike(value: Numeric, currency: string | null, options: NumberFormatOptions): string {
  const parsed = toDecimal(value);
  if (parsed.kind === 'empty') return '';
  if (parsed.kind === 'infinite') return estimate(infinite(parsed.neg), options.estimate);
  const decimal = parsed.value;
  const dress = (amount: string) => (currency === null ? amount : withCurrency(amount, currency));
  const minus = decimal.neg && !isZero(decimal) ? '-' : '';
  let body: string;
  if (isZero(decimal)) {
    body = dress('0.00');
  } else if (options.shortened) {
    if (compareAbs(decimal, CENT) < 0) {
      return estimate(minus ? `> -${dress('0.01')}` : `< ${dress('0.01')}`, options.estimate);
    }
    if (compareAbs(decimal, THOUSAND) >= 0) {
      body = dress(abbreviateAbs(decimal));
    } else {
      const rounded = roundToScale(decimal, 2);
      if (compareAbs(rounded, THOUSAND) >= 0) body = dress(abbreviateAbs(rounded));
      else body = dress(renderAbs(decimal, 2, 2));
    }
  } else if (options.precise) {
    body = dress(renderAbs(decimal, 2, 8));
  } else if (compareAbs(decimal, CENT) < 0) {
    const significant = roundSignificant(abs(decimal), 4);
    body = dress(renderAbs(significant, 2, Math.max(significant.scale, 2)));
  } else {
    body = dress(renderAbs(decimal, 2, 2));
  }
  return estimate(minus + body, options.estimate);
}

export interface CryptoFormatOptions {
  /** Up to 8 fraction digits, exact. */
  precise?: boolean;
  /** Prefix with '≈'. */
  estimate?: boolean;
}

const CRYPTO_MIN_SIGNIFICANT = 4;
const CRYPTO_MAX_SIGNIFICANT = 9;
const CRYPTO_MAX_FRACTION = 8;
const CRYPTO_SMALLEST = '0.00000001';

/** Crypto quantity without symbol. Shortened by default; `precise` keeps up to 8 fraction digits. */
export function formatCryptoAmount(value: Numeric, options: CryptoFormatOptions = {}): string {
  const parsed = toDecimal(value);
  if (parsed.kind === 'empty') return '';
  if (parsed.kind === 'infinite') return estimate(infinite(parsed.neg), options.estimate);
  const decimal = parsed.value;
  if (isZero(decimal)) return estimate('0', options.estimate);
  const minus = decimal.neg ? '-' : '';
  let rounded: Decimal;
  if (options.precise) {
    rounded = roundToScale(abs(decimal), CRYPTO_MAX_FRACTION);
  } else {
    if (compareAbs(decimal, BILLION) >= 0) {
      return estimate(minus + abbreviateAbs(decimal), options.estimate);
    }
    const integerDigits = Math.max(magnitude(decimal) + 1, 1);
    const significant = Math.min(CRYPTO_MAX_SIGNIFICANT, Math.max(CRYPTO_MIN_SIGNIFICANT, integerDigits));
    rounded = roundToScale(roundSignificant(abs(decimal), significant), CRYPTO_MAX_FRACTION);
  }
  if (isZero(rounded)) {
    return estimate(minus ? `> -${CRYPTO_SMALLEST}` : `< ${CRYPTO_SMALLEST}`, options.estimate);
  }
  return estimate(minus + renderAbs(rounded, 0, CRYPTO_MAX_FRACTION), options.estimate);
}

/** Crypto quantity with its symbol: '1.235 BTC'. */
export function formatCrypto(value: Numeric, symbol?: string | null, options: CryptoFormatOptions = {}): string {
  const amount = formatCryptoAmount(value, options);
  if (amount === '' || !symbol) return amount;
  return `${amount} ${symbol}`;
}

/** Currency string parsing: strips everything but digits, dot and minus ('$1,234.50' → '1234.50'). */
export function cleanCurrencyString(text: string): string {
  return text.replace(/[^\d.-]/g, '');
}

/** Parses a currency string to a number; anything unparsable becomes 0. */
export function parseCurrency(text: string | null | undefined): number {
  if (text === null || text === undefined) return 0;
  const value = Number.parseFloat(cleanCurrencyString(text));
  return Number.isNaN(value) ? 0 : value;
}

export const NAME_DISPLAY_LIMIT = 10;

/** Names longer than 10 characters are cut to the first 5 and last 5 joined by an ellipsis. */
export function shortenName(name: string | null | undefined): string {
  if (!name) return '';
  const characters = Array.from(name);
  if (characters.length <= NAME_DISPLAY_LIMIT) return name;
  return `${characters.slice(0, 5).join('')}…${characters.slice(-5).join('')}`;
}

/** Byte counts for limits: 10485760 → '10 MB', 1536 → '1.5 KB'. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let unit = 0;
  let amount = bytes;
  while (amount >= 1024 && unit < units.length - 1) {
    amount /= 1024;
    unit += 1;
  }
  const text = unit === 0 ? String(amount) : String(Math.round(amount * 10) / 10);
  return `${text} ${units[unit]}`;
}

/** A date and time in the user's locale ('Mar 1, 2025, 12:00 PM'); null when missing or invalid. */
export function formatDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A fraction as a whole percentage, exactly: '0.855' → '86%'; empty when not a number. */
export function formatPercent(fraction: string | null | undefined): string {
  const parsed = fraction ? parseDecimal(fraction) : null;
  if (!parsed) return '';
  const percent =
    parsed.scale >= 2 ? { ...parsed, scale: parsed.scale - 2 } : { ...parsed, coef: parsed.coef * 10n ** BigInt(2 - parsed.scale), scale: 0 };
  return `${decimalToString(percent, 0)}%`;
}

/** Integer counts with grouping: 12345 → '12,345'. */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '0';
  return groupThousands(String(Math.trunc(value)));
}

/** Exact sum of decimal strings (invalid entries are skipped); answers a plain decimal string. */
export function sumDecimals(values: readonly Numeric[]): string {
  let coef = 0n;
  let scale = 0;
  for (const value of values) {
    const parsed = toDecimal(value);
    if (parsed.kind !== 'finite') continue;
    const { value: decimal } = parsed;
    if (decimal.scale > scale) {
      coef *= 10n ** BigInt(decimal.scale - scale);
      scale = decimal.scale;
    }
    const signed = decimal.neg ? -decimal.coef : decimal.coef;
    coef += signed * 10n ** BigInt(scale - decimal.scale);
  }
  const neg = coef < 0n;
  return decimalToString({ neg, coef: neg ? -coef : coef, scale });
}

// one formatter for every day shown: a chart's table formats thousands
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** A UTC date or date-time as a day in the user's locale ('Mar 1, 2025'); empty when missing or invalid. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return '';
  return DAY.format(date);
}
