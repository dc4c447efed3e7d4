import { useEffect, useRef, useState } from 'react';
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

function typed(form: HTMLFormElement): TradeInput {
  const value = (field: TradeField) => (form.elements.namedItem(field) as HTMLInputElement).value;
  return { quantity: value('quantity'), buyPrice: value('buyPrice'), sellPrice: value('sellPrice'), fees: value('fees') };
}

/** The trade profit calculator: exact decimal sums, shown with the spec's fiat formatting. The inputs are
 *  the form's own (uncontrolled) and read on mount too: what a visitor typed into the prerendered page
 *  before it was hydrated counts. */
export function CalculatorPage() {
  usePageMeta(PAGE_META.calculator);
  const form = useRef<HTMLFormElement>(null);
  const [input, setInput] = useState<TradeInput>(EMPTY);
  const read = () => {
    if (form.current) setInput(typed(form.current));
  };
  useEffect(read, []);
  const result = tradeProfit(input);
  const invalid = new Set(invalidFields(input));
  return (
    <main className="public-page">
      <Hero title="Crypto profit calculator" lead="Enter a trade to see its profit or loss, fees included." />
      <form
        ref={form}
        className="public-card public-calculator"
        onChange={read}
        onSubmit={(event) => event.preventDefault()}
      >
        {FIELDS.map(({ field, label }) => (
          <label key={field} className="field">
            <span className="field__label">{label}</span>
            <input
              className="input"
              inputMode="decimal"
              name={field}
              defaultValue={EMPTY[field]}
              aria-invalid={input[field] !== '' && invalid.has(field)}
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
