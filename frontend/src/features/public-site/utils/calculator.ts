import { type Decimal, decimalToString, parseDecimal } from '@/lib/format';

/** The trade profit calculator's sums, exact: decimals as scaled bigints, never floats. */
export interface TradeInput {
  readonly quantity: string;
  readonly buyPrice: string;
  readonly sellPrice: string;
  readonly fees: string;
}

export interface TradeResult {
  readonly cost: string;
  readonly proceeds: string;
  readonly profit: string;
  /** Return on the cost in percent, at most 2 fraction digits; null when the cost is zero. */
  readonly returnPercent: string | null;
}

export type TradeField = keyof TradeInput;

interface Scaled {
  readonly value: bigint;
  readonly scale: number;
}

function signed(decimal: Decimal): Scaled {
  return { value: decimal.neg ? -decimal.coef : decimal.coef, scale: decimal.scale };
}

function align(a: Scaled, b: Scaled): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.value * 10n ** BigInt(scale - a.scale), b.value * 10n ** BigInt(scale - b.scale), scale];
}

function add(a: Scaled, b: Scaled): Scaled {
  const [x, y, scale] = align(a, b);
  return { value: x + y, scale };
}

function sub(a: Scaled, b: Scaled): Scaled {
  return add(a, { value: -b.value, scale: b.scale });
}

function mul(a: Scaled, b: Scaled): Scaled {
  return { value: a.value * b.value, scale: a.scale + b.scale };
}

function text(amount: Scaled): string {
  const neg = amount.value < 0n;
  return decimalToString({ neg, coef: neg ? -amount.value : amount.value, scale: amount.scale });
}

/** profit ÷ cost × 100, rounded half away from zero to 2 fraction digits. */
function percent(profit: Scaled, cost: Scaled): string {
  const [p, c] = align(profit, cost);
  const hundredths = (p * 10000n * 2n) / c;
  const rounded = hundredths >= 0n ? (hundredths + 1n) / 2n : (hundredths - 1n) / 2n;
  return text({ value: rounded, scale: 2 });
}

/** The fields that are not a non-negative number. */
export function invalidFields(input: TradeInput): TradeField[] {
  return (Object.keys(input) as TradeField[]).filter((field) => {
    const parsed = parseDecimal(input[field]);
    return parsed === null || parsed.neg;
  });
}

/** Cost = quantity × buy price + fees; proceeds = quantity × sell price; profit = proceeds − cost. */
export function tradeProfit(input: TradeInput): TradeResult | null {
  if (invalidFields(input).length > 0) return null;
  const [quantity, buyPrice, sellPrice, fees] = [input.quantity, input.buyPrice, input.sellPrice, input.fees].map(
    (field) => signed(parseDecimal(field) as Decimal),
  ) as [Scaled, Scaled, Scaled, Scaled];
  const cost = add(mul(quantity, buyPrice), fees);
  const proceeds = mul(quantity, sellPrice);
  const profit = sub(proceeds, cost);
  return {
    cost: text(cost),
    proceeds: text(proceeds),
    profit: text(profit),
    returnPercent: cost.value === 0n ? null : percent(profit, cost),
  };
}
