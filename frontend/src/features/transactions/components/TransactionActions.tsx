import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  DeleteManualTransactionsDocument,
  IgnoreTransactionsDocument,
  UnignoreTransactionsDocument,
  UpdateTransactionDatetimeDocument,
  UpdateTransactionOperationPurposeDocument,
  UpdateTransactionTaxabilityDocument,
  type TransactionRowFieldsFragment,
  type TransactionType,
} from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { useTransactionEdit } from '@/features/transactions/api/useTransactions';
import { CONVERSION_TYPES, TAXABILITY_TYPES } from '@/features/transactions/utils/types';
import { TransactionTypeField } from './TransactionTypeField';

type Transaction = TransactionRowFieldsFragment;

/** The edits of one transaction (spec 001 §7): ignore, taxability, type and labels, date-time, delete. */
export function TransactionActions({ transaction, labels }: { transaction: Transaction; labels: readonly string[] }) {
  const publicId = transaction.publicId;
  const navigate = useNavigate();
  const ignore = useTransactionEdit(
    async (ignored: boolean) =>
      ignored
        ? (await request(IgnoreTransactionsDocument, { publicIds: [publicId] })).ignoreTransactions
        : (await request(UnignoreTransactionsDocument, { publicIds: [publicId] })).unignoreTransactions,
    transaction.isIgnored ? 'The transaction counts again; recalculating.' : 'The transaction is ignored; recalculating.',
  );
  const taxability = useTransactionEdit(
    async (isTaxable: boolean | null) => (await request(UpdateTransactionTaxabilityDocument, { publicId, isTaxable })).updateTransactionTaxability,
    'Taxability saved; recalculating.',
  );
  const purpose = useTransactionEdit(
    async (vars: { type: TransactionType; labels: string[] }) =>
      (await request(UpdateTransactionOperationPurposeDocument, { publicId, ...vars })).updateTransactionOperationPurpose,
    'Type and labels saved; recalculating.',
  );
  const datetime = useTransactionEdit(
    async (timestamp: string) => (await request(UpdateTransactionDatetimeDocument, { publicId, timestamp })).updateTransactionDatetime,
    'Date and time saved; recalculating.',
  );
  const remove = useTransactionEdit(
    async () => (await request(DeleteManualTransactionsDocument, { publicIds: [publicId] })).deleteManualTransactions,
    'The transaction is deleted; recalculating.',
    () => void navigate('/transactions'),
  );
  const [type, setType] = useState(transaction.type as TransactionType);
  const [labelText, setLabelText] = useState(labels.join(', '));
  const [when, setWhen] = useState(transaction.timestamp.slice(0, 19));
  const savePurpose = (event: FormEvent) => {
    event.preventDefault();
    const chosen = labelText
      .split(',')
      .map((label) => label.trim())
      .filter(Boolean);
    purpose.mutate({ type, labels: chosen });
  };
  const saveWhen = (event: FormEvent) => {
    event.preventDefault();
    datetime.mutate(`${when.length === 16 ? `${when}:00` : when}+00:00`);
  };
  const taxable = transaction.isTaxable === null ? '' : String(transaction.isTaxable);

  return (
    <div className="transaction__actions">
      <button type="button" className="button" disabled={ignore.isPending} onClick={() => ignore.mutate(!transaction.isIgnored)}>
        {transaction.isIgnored ? 'Unignore' : 'Ignore'}
      </button>
      {TAXABILITY_TYPES.includes(transaction.type) ? (
        <div className="field">
          <label className="field__label" htmlFor="taxability">
            {CONVERSION_TYPES.includes(transaction.type) ? 'Taxable conversion' : 'Taxable income'}
          </label>
          <select
            id="taxability"
            className="input"
            value={taxable}
            disabled={taxability.isPending}
            onChange={(event) => taxability.mutate(event.target.value === '' ? null : event.target.value === 'true')}
          >
            <option value="">As its type says</option>
            <option value="true">Taxable</option>
            <option value="false">Not taxable</option>
          </select>
        </div>
      ) : null}
      <form className="transaction__inline" onSubmit={savePurpose} aria-label="Type and labels">
        <TransactionTypeField id="transaction-type" value={type} onChange={setType} />
        <div className="field">
          <label className="field__label" htmlFor="transaction-labels">
            Labels (comma separated)
          </label>
          <input id="transaction-labels" className="input" value={labelText} onChange={(event) => setLabelText(event.target.value)} />
        </div>
        <button type="submit" className="button" disabled={purpose.isPending}>
          Save type and labels
        </button>
      </form>
      <form className="transaction__inline" onSubmit={saveWhen} aria-label="Date and time">
        <div className="field">
          <label className="field__label" htmlFor="transaction-when">
            Date and time (UTC)
          </label>
          <input
            id="transaction-when"
            className="input"
            type="datetime-local"
            step="1"
            value={when}
            required
            onChange={(event) => setWhen(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={datetime.isPending}>
          Save date
        </button>
      </form>
      {transaction.isManual ? (
        <button
          type="button"
          className="button button--danger"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm('Delete this transaction? This cannot be undone.')) remove.mutate();
          }}
        >
          Delete
        </button>
      ) : null}
    </div>
  );
}
