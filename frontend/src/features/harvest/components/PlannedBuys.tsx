import { useState, type FormEvent } from 'react';
import { FieldError } from '@/components/FieldError';
import type { PlannedBuy } from '@/gql/graphql';
import { formatCrypto, formatDate, parseDecimal } from '@/lib/format';

const DAY_MS = 86_400_000;

function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** Buys the user plans within 30 days after today's sale, checked against the country's rule; kept on this page only. */
export function PlannedBuys({
  assets,
  planned,
  onChange,
}: {
  assets: readonly string[];
  planned: readonly PlannedBuy[];
  onChange: (planned: PlannedBuy[]) => void;
}) {
  const today = isoDay(Date.now());
  const last = isoDay(Date.now() + 30 * DAY_MS);
  const [asset, setAsset] = useState('');
  const [day, setDay] = useState(today);
  const [quantity, setQuantity] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosen = asset || assets[0] || '';

  function add(event: FormEvent) {
    event.preventDefault();
    const parsed = parseDecimal(quantity);
    if (parsed === null || parsed.neg || parsed.coef === 0n) {
      setError('The quantity must be a positive number.');
      return;
    }
    if (day < today || day > last) {
      setError('A planned buy must be dated from today to 30 days after it.');
      return;
    }
    setError(null);
    onChange([...planned, { asset: chosen, day, quantity: quantity.trim() }]);
    setQuantity('');
  }

  return (
    <div className="planned-buys">
      <form className="planned-buys__form" onSubmit={add} aria-label="Plan a buy" noValidate>
        <div className="field">
          <label className="field__label" htmlFor="planned-asset">
            Asset
          </label>
          <select id="planned-asset" className="input" value={chosen} onChange={(event) => setAsset(event.target.value)}>
            {assets.map((symbol) => (
              <option key={symbol} value={symbol}>
                {symbol}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="planned-day">
            Day
          </label>
          <input id="planned-day" className="input" type="date" min={today} max={last} value={day} onChange={(event) => setDay(event.target.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="planned-quantity">
            Quantity
          </label>
          <input
            id="planned-quantity"
            className="input"
            inputMode="decimal"
            value={quantity}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'planned-error' : undefined}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={chosen === ''}>
          Add planned buy
        </button>
      </form>
      <FieldError id="planned-error" message={error} />
      {planned.length > 0 ? (
        <ul className="planned-buys__list" aria-label="Planned buys">
          {planned.map((buy, index) => (
            <li key={`${buy.asset}-${buy.day}-${index}`}>
              {formatCrypto(buy.quantity, buy.asset)} on {formatDate(buy.day)}{' '}
              <button type="button" className="button button--ghost button--small" onClick={() => onChange(planned.filter((_, i) => i !== index))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
