import { describe, expect, it } from 'vitest';
import {
  cleanCurrencyString,
  currencySign,
  decimalToString,
  formatBytes,
  formatCount,
  formatCrypto,
  formatCryptoAmount,
  formatFiat,
  formatNumber,
  formatPercent,
  parseCurrency,
  parseDecimal,
  roundSignificant,
  shortenName,
  sumDecimals,
  toDecimal,
} from './format';

describe('parseDecimal', () => {
  it.each([
    ['0', '0'],
    ['123', '123'],
    ['-123.4500', '-123.45'],
    ['+1.5', '1.5'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['1e3', '1000'],
    ['1.5e-7', '0.00000015'],
    ['-2.5E+2', '-250'],
    ['0000.000100', '0.0001'],
    ['123456789012345678.123456789012345678', '123456789012345678.123456789012345678'],
  ])('parses %s exactly', (input, expected) => {
    const parsed = parseDecimal(input);
    expect(parsed).not.toBeNull();
    expect(decimalToString(parsed!)).toBe(expected);
  });

  it.each(['', 'abc', '1.2.3', '1,000', '--1', 'e5', '.', '12abc'])('rejects %j', (input) => {
    expect(parseDecimal(input)).toBeNull();
  });

  it('rounds half away from zero to significant digits', () => {
    expect(decimalToString(roundSignificant(parseDecimal('0.00123456')!, 4))).toBe('0.001235');
    expect(decimalToString(roundSignificant(parseDecimal('-98765')!, 2))).toBe('-99000');
    expect(decimalToString(roundSignificant(parseDecimal('9.9995')!, 4))).toBe('10');
  });
});

describe('toDecimal', () => {
  it('treats missing values and NaN as zero', () => {
    for (const value of [null, undefined, '', '  ', NaN, 'NaN']) {
      const parsed = toDecimal(value);
      expect(parsed.kind).toBe('finite');
    }
  });
  it('marks invalid text as empty', () => {
    expect(toDecimal('twelve').kind).toBe('empty');
  });
  it('marks |value| >= 1e20 as infinite', () => {
    expect(toDecimal('1e20')).toEqual({ kind: 'infinite', neg: false });
    expect(toDecimal('-100000000000000000000')).toEqual({ kind: 'infinite', neg: true });
    expect(toDecimal(Infinity)).toEqual({ kind: 'infinite', neg: false });
    expect(toDecimal('99999999999999999999.99').kind).toBe('finite');
  });
});

describe('formatFiat', () => {
  it('uses 2 fraction digits and thousands separators', () => {
    expect(formatFiat('1234.5')).toBe('$1,234.50');
    expect(formatFiat('1234567.891')).toBe('$1,234,567.89');
    expect(formatFiat(0.005 + 1)).toBe('$1.01');
    expect(formatFiat('-42')).toBe('-$42.00');
    expect(formatFiat('0')).toBe('$0.00');
    expect(formatFiat('-0')).toBe('$0.00');
  });

  it('rounds half away from zero on the exact decimal', () => {
    expect(formatFiat('2.675')).toBe('$2.68'); // parseFloat would give 2.67
    expect(formatFiat('-2.675')).toBe('-$2.68');
    expect(formatFiat('0.015')).toBe('$0.02');
  });

  it('shows 4 significant digits for tiny values below 0.01', () => {
    expect(formatFiat('0.001234567')).toBe('$0.001235');
    expect(formatFiat('0.0012')).toBe('$0.0012');
    expect(formatFiat('0.00000004321987')).toBe('$0.00000004322');
    expect(formatFiat('-0.009')).toBe('-$0.009');
    expect(formatFiat('0.0099999')).toBe('$0.01');
  });

  it('keeps up to 8 fraction digits in precise mode without losing precision', () => {
    expect(formatFiat('1234.123456789', 'USD', { precise: true })).toBe('$1,234.12345679');
    expect(formatFiat('12345678901234567.12345678', 'USD', { precise: true })).toBe(
      '$12,345,678,901,234,567.12345678',
    );
    expect(formatFiat('5', 'USD', { precise: true })).toBe('$5.00');
    expect(formatFiat('5.1', 'USD', { precise: true })).toBe('$5.10');
    expect(formatFiat('0.000000015', 'USD', { precise: true })).toBe('$0.00000002');
  });

  it('abbreviates from 1000 with 3 significant digits in shortened mode', () => {
    expect(formatFiat('999.99', 'USD', { shortened: true })).toBe('$999.99');
    expect(formatFiat('999.996', 'USD', { shortened: true })).toBe('$1K');
    expect(formatFiat('1000', 'USD', { shortened: true })).toBe('$1K');
    expect(formatFiat('1234', 'USD', { shortened: true })).toBe('$1.23K');
    expect(formatFiat('12345', 'USD', { shortened: true })).toBe('$12.3K');
    expect(formatFiat('123456', 'USD', { shortened: true })).toBe('$123K');
    expect(formatFiat('999999', 'USD', { shortened: true })).toBe('$1M');
    expect(formatFiat('1560000', 'USD', { shortened: true })).toBe('$1.56M');
    expect(formatFiat('2500000000', 'USD', { shortened: true })).toBe('$2.5B');
    expect(formatFiat('7.1e12', 'USD', { shortened: true })).toBe('$7.1T');
    expect(formatFiat('4.2e15', 'USD', { shortened: true })).toBe('$4,200T');
    expect(formatFiat('-1234', 'USD', { shortened: true })).toBe('-$1.23K');
  });

  it('shows the shortened minimum as < 0.01', () => {
    expect(formatFiat('0.004', 'USD', { shortened: true })).toBe('< $0.01');
    expect(formatFiat('-0.004', 'USD', { shortened: true })).toBe('> -$0.01');
    expect(formatFiat('0.01', 'USD', { shortened: true })).toBe('$0.01');
    expect(formatFiat('0', 'USD', { shortened: true })).toBe('$0.00');
    expect(formatNumber('0.0001', { shortened: true })).toBe('< 0.01');
  });

  it('prefixes estimates with ≈', () => {
    expect(formatFiat('1234', 'USD', { estimate: true })).toBe('≈ $1,234.00');
    expect(formatFiat('1234', 'USD', { estimate: true, shortened: true })).toBe('≈ $1.23K');
    expect(formatFiat('abc', 'USD', { estimate: true })).toBe('');
  });

  it('uses the currency signs of the spec', () => {
    expect(formatFiat('1', 'EUR')).toBe('€1.00');
    expect(formatFiat('1', 'GBP')).toBe('£1.00');
    expect(formatFiat('1', 'RUB')).toBe('₽1.00');
    expect(formatFiat('1', 'UAH')).toBe('₴1.00');
    expect(formatFiat('1', 'INR')).toBe('₹1.00');
    expect(formatFiat('1', 'CAD')).toBe('CA$1.00');
    expect(formatFiat('1', 'AUD')).toBe('A$1.00');
    expect(formatFiat('1', 'PLN')).toBe('1.00 zł');
    expect(formatFiat('1', 'usd')).toBe('$1.00');
    expect(formatFiat('1', 'CHF')).toBe('CHF 1.00');
    expect(formatFiat('0.12345678', 'BTC')).toBe('₿0.1235');
    expect(formatFiat('-1.5', 'BTC')).toBe('-₿1.5');
    expect(currencySign('BTC')).toBe('₿');
    expect(currencySign('usd')).toBe('$');
    expect(currencySign('XYZ')).toBe('XYZ');
  });

  it('shows empty for invalid numbers, ∞ beyond ±1e20 and zero for missing values', () => {
    expect(formatFiat('not a number')).toBe('');
    expect(formatFiat('1,234')).toBe('');
    expect(formatFiat('1e20')).toBe('∞');
    expect(formatFiat('123456789012345678901234')).toBe('∞');
    expect(formatFiat('-1e20')).toBe('-∞');
    expect(formatFiat(-Infinity)).toBe('-∞');
    expect(formatFiat(null)).toBe('$0.00');
    expect(formatFiat(undefined)).toBe('$0.00');
    expect(formatFiat(NaN)).toBe('$0.00');
    expect(formatFiat('')).toBe('$0.00');
  });

  it('accepts numbers and bigints', () => {
    expect(formatFiat(1234.5)).toBe('$1,234.50');
    expect(formatFiat(1e-7)).toBe('$0.0000001');
    expect(formatFiat(10n)).toBe('$10.00');
  });
});

describe('formatCrypto', () => {
  it('shortens to 4 significant digits without rounding away whole units', () => {
    expect(formatCryptoAmount('1.23456789')).toBe('1.235');
    expect(formatCryptoAmount('0.000123456')).toBe('0.0001235');
    expect(formatCryptoAmount('123.456789')).toBe('123.5');
    expect(formatCryptoAmount('12345.6789')).toBe('12,346');
    expect(formatCryptoAmount('123456789.4')).toBe('123,456,789');
    expect(formatCryptoAmount('2')).toBe('2');
    expect(formatCryptoAmount('0.5')).toBe('0.5');
  });

  it('caps at 9 significant digits (abbreviated from 1e9) and 8 fraction digits', () => {
    expect(formatCryptoAmount('1234567890')).toBe('1.23B');
    expect(formatCryptoAmount('0.000000012345')).toBe('0.00000001');
    expect(formatCryptoAmount('0.000000001')).toBe('< 0.00000001');
    expect(formatCryptoAmount('-0.000000001')).toBe('> -0.00000001');
  });

  it('keeps up to 8 exact fraction digits in precise mode', () => {
    expect(formatCryptoAmount('0.123456789', { precise: true })).toBe('0.12345679');
    expect(formatCryptoAmount('98765432109876543.12345678', { precise: true })).toBe(
      '98,765,432,109,876,543.12345678',
    );
    expect(formatCryptoAmount('1.10000000', { precise: true })).toBe('1.1');
    expect(formatCryptoAmount('-3', { precise: true })).toBe('-3');
  });

  it('adds the symbol, estimate prefix and special values', () => {
    expect(formatCrypto('1.23456789', 'BTC')).toBe('1.235 BTC');
    expect(formatCrypto('1.5', 'ETH', { estimate: true })).toBe('≈ 1.5 ETH');
    expect(formatCrypto('oops', 'ETH')).toBe('');
    expect(formatCrypto('1e25', 'ETH')).toBe('∞ ETH');
    expect(formatCrypto(null, 'ETH')).toBe('0 ETH');
    expect(formatCrypto('2')).toBe('2');
  });
});

describe('currency string parsing', () => {
  it('strips all but digits, dot and minus', () => {
    expect(cleanCurrencyString('$1,234.50')).toBe('1234.50');
    expect(cleanCurrencyString('-€ 12 345,6.7')).toBe('-123456.7');
    expect(cleanCurrencyString('USD')).toBe('');
    expect(parseCurrency('$1,234.50')).toBe(1234.5);
    expect(parseCurrency('-£0.25')).toBe(-0.25);
    expect(parseCurrency('n/a')).toBe(0);
    expect(parseCurrency(null)).toBe(0);
  });
});

describe('shortenName', () => {
  it('keeps names of up to 10 characters', () => {
    expect(shortenName('My wallet')).toBe('My wallet');
    expect(shortenName('0123456789')).toBe('0123456789');
    expect(shortenName('')).toBe('');
    expect(shortenName(null)).toBe('');
  });
  it('cuts longer names to the first 5 and last 5 joined by an ellipsis', () => {
    expect(shortenName('01234567890')).toBe('01234…67890');
    expect(shortenName('0x71C7656EC7ab88b098defB751B7401B5f6d8976F')).toBe('0x71C…8976F');
    expect(shortenName('Ledger Nano X wallet')).toBe('Ledge…allet');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(shortenName('🚀🚀🚀🚀🚀x🌕🌕🌕🌕🌕')).toBe('🚀🚀🚀🚀🚀…🌕🌕🌕🌕🌕');
  });
});

describe('formatBytes and formatCount', () => {
  it('formats byte limits', () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(50 * 1024 * 1024 * 1024)).toBe('50 GB');
  });
  it('groups counts', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(null)).toBe('0');
  });
});

describe('sumDecimals', () => {
  it('adds decimal strings exactly', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['1234.5678', '-0.0078', null, 'bad'])).toBe('1234.56');
    expect(sumDecimals(['-5', '2.25'])).toBe('-2.75');
    expect(sumDecimals([])).toBe('0');
  });
});

describe('formatPercent', () => {
  it('shows a fraction as a whole percentage, exactly', () => {
    expect(formatPercent('0.62')).toBe('62%');
    expect(formatPercent('0.855')).toBe('86%');
    expect(formatPercent('1')).toBe('100%');
    expect(formatPercent('1.00')).toBe('100%');
    expect(formatPercent('0')).toBe('0%');
    expect(formatPercent(null)).toBe('');
    expect(formatPercent('n/a')).toBe('');
  });
});
