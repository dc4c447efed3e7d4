import { useEffect, useId, useState, type FormEvent } from 'react';
import { FieldError } from '@/components/FieldError';
import { SubmitButton } from '@/components/SubmitButton';
import { toast } from '@/components/toast/toastStore';
import { parseDecimal } from '@/lib/format';
import { useAddDeposit, useAddSellOrder } from '@/features/broker/api/useBroker';
import './broker.css';

export type DemoTransactionKind = 'deposit' | 'sell-order';

/** The assets of the bundled price table a demo deposit or sale may move. */
const ASSETS = ['BTC', 'ETH', 'SOL', 'ADA', 'DOGE', 'LTC', 'XRP'] as const;

const TEXT = {
  deposit: { title: 'Add deposit', amount: 'Cost basis (USD)', submit: 'Add deposit', done: 'Deposit added.' },
  'sell-order': { title: 'Add sell order', amount: 'Proceeds (USD)', submit: 'Add sell order', done: 'Sell order added.' },
} as const;

const POSITIVE = 'Enter a positive number.';

function positive(text: string): string | null {
  const parsed = parseDecimal(text.trim());
  return parsed && parsed.coef > 0n && !parsed.neg ? text.trim() : null;
}

/** /add-deposit and /add-sell-order: a deposit with its cost basis, or a sale for US dollars, in the demo
 * account, entered as manual transactions by the server. */
export function DemoTransactionForm({ kind }: { kind: DemoTransactionKind }) {
  const id = useId();
  const text = TEXT[kind];
  const deposit = useAddDeposit();
  const sell = useAddSellOrder();
  const pending = deposit.isPending || sell.isPending;
  const [asset, setAsset] = useState<string>(ASSETS[0]);
  const [quantity, setQuantity] = useState('');
  const [amount, setAmount] = useState('');
  const [when, setWhen] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});

  useEffect(() => {
    document.title = `${text.title} | Cairn`;
  }, [text]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const entered = { quantity: positive(quantity), amount: positive(amount), when: when ? new Date(when) : null };
    const found = {
      quantity: entered.quantity ? null : POSITIVE,
      amount: entered.amount ? null : POSITIVE,
      when: entered.when && !Number.isNaN(entered.when.getTime()) ? null : 'Enter the date and time.',
    };
    setErrors(found);
    if (!entered.quantity || !entered.amount || !entered.when || found.when) return;
    const common = { assetId: `crypto_${asset}`, quantity: entered.quantity, timestamp: entered.when.toISOString() };
    try {
      const result =
        kind === 'deposit'
          ? await deposit.mutateAsync({ ...common, costBasis: entered.amount })
          : await sell.mutateAsync({ ...common, proceeds: entered.amount });
      if (!result.success) {
        setErrors({ form: result.errorMessage ?? 'That did not work. Please try again.' });
        return;
      }
      toast.success(text.done);
      setQuantity('');
      setAmount('');
    } catch {
      setErrors({ form: 'That did not work. Please try again.' });
    }
  };

  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{text.title}</h1>
        <p className="page__subtitle">Into the demo account</p>
      </header>
      <form className="form broker-form card" onSubmit={(event) => void submit(event)} noValidate data-testid={`demo-${kind}-form`}>
        <label className="field" htmlFor={`${id}-asset`}>
          <span className="field__label">Asset</span>
          <select id={`${id}-asset`} className="input" value={asset} onChange={(event) => setAsset(event.target.value)}>
            {ASSETS.map((symbol) => (
              <option key={symbol} value={symbol}>
                {symbol}
              </option>
            ))}
          </select>
        </label>
        <NumberField id={`${id}-quantity`} label="Quantity" value={quantity} error={errors.quantity} onChange={setQuantity} />
        <NumberField id={`${id}-amount`} label={text.amount} value={amount} error={errors.amount} onChange={setAmount} />
        <label className="field" htmlFor={`${id}-when`}>
          <span className="field__label">Date and time</span>
          <input
            id={`${id}-when`}
            className="input"
            type="datetime-local"
            value={when}
            aria-invalid={errors.when ? true : undefined}
            aria-describedby={errors.when ? `${id}-when-error` : undefined}
            onChange={(event) => setWhen(event.target.value)}
          />
          <FieldError id={`${id}-when-error`} message={errors.when} />
        </label>
        <FieldError id={`${id}-form-error`} message={errors.form} />
        <div className="form__actions">
          <SubmitButton pending={pending}>{text.submit}</SubmitButton>
        </div>
      </form>
    </div>
  );
}

function NumberField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error: string | null | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <label className="field" htmlFor={id}>
      <span className="field__label">{label}</span>
      <input
        id={id}
        className="input"
        inputMode="decimal"
        value={value}
        maxLength={60}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </label>
  );
}
