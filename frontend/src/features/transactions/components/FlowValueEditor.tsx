import { useState, type FormEvent } from 'react';
import { UpdateTransactionCostBasisDocument, UpdateTransactionProceedsDocument } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { useTransactionEdit } from '@/features/transactions/api/useTransactions';
import { isPositiveAmount, NOT_POSITIVE } from '@/features/transactions/utils/amounts';

interface Props {
  flowId: string;
  /** An inflow's cost basis, or an outflow's proceeds. */
  kind: 'costBasis' | 'proceeds';
  asset: string;
  overridden: boolean;
}

const LABELS = { costBasis: 'cost basis', proceeds: 'proceeds' } as const;

/** Sets (or removes) the user's cost basis of what a transaction received, or proceeds of what it sent, in USD. */
export function FlowValueEditor({ flowId, kind, asset, overridden }: Props) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const label = LABELS[kind];
  const edit = useTransactionEdit(
    async (value: string | null) =>
      kind === 'costBasis'
        ? (await request(UpdateTransactionCostBasisDocument, { flowId, costBasis: value })).updateTransactionCostBasis
        : (await request(UpdateTransactionProceedsDocument, { flowId, proceeds: value })).updateTransactionProceeds,
    `The ${label} of ${asset} is saved; recalculating.`,
    () => setOpen(false),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = amount.trim();
    if (!isPositiveAmount(value)) {
      setError(NOT_POSITIVE);
      return;
    }
    setError(null);
    edit.mutate(value);
  };
  if (!open) {
    return (
      <span className="transaction__inline">
        <button type="button" className="link-button" onClick={() => setOpen(true)}>
          Edit {label}
        </button>
        {overridden ? (
          <button type="button" className="link-button" disabled={edit.isPending} onClick={() => edit.mutate(null)}>
            Use calculated {label}
          </button>
        ) : null}
      </span>
    );
  }
  const inputId = `flow-${flowId}-${kind}`;
  return (
    <form className="transaction__inline" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="visually-hidden">
        {`${label[0].toUpperCase()}${label.slice(1)} of ${asset} in USD`}
      </label>
      <input
        id={inputId}
        className="input"
        inputMode="decimal"
        placeholder="USD"
        value={amount}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(event) => setAmount(event.target.value)}
      />
      <button type="submit" className="button button--small button--primary" disabled={edit.isPending}>
        Save
      </button>
      <button type="button" className="button button--small" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {error ? (
        <span id={`${inputId}-error`} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}
