import { useState } from 'react';
import { formatFiat } from '@/lib/format';
import { invalidFields, tradeProfit, type TradeField, type TradeInput } from '@/features/public-site/utils/calculator';
import { PAGE_META } from '@/features/public-site/utils/pages';
import { usePageMeta } from '@/features/public-site/utils/meta';
import { Hero } from './Hero';

const FIELDS: readonly { field: TradeField; label: string }[] = [
  { field: 'quantity', label: 'Quantity' },
  { field: 'buyPrice', label: 'Buy price (USD)' },
  { field: 'sellPrice', label: 'Sell price (USD)' },
  { field: 'fees', label: 'Fees (USD)' },
];

const EMPTY: TradeInput = { quantity: '', buyPrice: '', sellPrice: '', fees: '0' };

/** The trade profit calculator: exact decimal sums, shown with the spec's fiat formatting. */
export function CalculatorPage() {
  usePageMeta(PAGE_META.calculator);
  const [input, setInput] = useState<TradeInput>(EMPTY);
  const result = tradeProfit(input);
  const invalid = new Set(invalidFields(input));
  return (
    <main className="public-page">
      <Hero title="Crypto profit calculator" lead="Enter a trade to see its profit or loss, fees included." />
      <form className="public-card public-calculator" onSubmit={(event) => event.preventDefault()}>
        {FIELDS.map(({ field, label }) => (
          <label key={field} className="field">
            <span className="field__label">{label}</span>
            <input
              className="input"
              inputMode="decimal"
              name={field}
              value={input[field]}
              aria-invalid={input[field] !== '' && invalid.has(field)}
              onChange={(event) => setInput({ ...input, [field]: event.target.value })}
            />
          </label>
        ))}
      </form>
      {result ? (
        <dl className="public-card public-calculator__result" data-testid="calculator-result">
          <dt>Cost</dt>
          <dd>{formatFiat(result.cost)}</dd>
          <dt>Proceeds</dt>
          <dd>{formatFiat(result.proceeds)}</dd>
          <dt>Profit</dt>
          <dd data-testid="calculator-profit">{formatFiat(result.profit)}</dd>
          <dt>Return</dt>
          <dd>{result.returnPercent === null ? '—' : `${result.returnPercent}%`}</dd>
        </dl>
      ) : (
        <p className="public-note">Enter non-negative numbers, such as 0.5 or 1250.50.</p>
      )}
    </main>
  );
}
