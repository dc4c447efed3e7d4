import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CreateTransactionDocument, type CreateTransactionMutationVariables, type TransactionType } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { useTransactionAccounts, useTransactionAssets, useTransactionEdit } from '@/features/transactions/api/useTransactions';
import { isPositiveAmount, NOT_POSITIVE } from '@/features/transactions/utils/amounts';
import { TransactionTypeField } from './TransactionTypeField';
import './transactions.css';

interface FlowDraft {
  key: number;
  direction: 'INFLOW' | 'OUTFLOW';
  assetId: string;
  symbol: string;
  quantity: string;
  value: string;
  isFee: boolean;
}

function emptyFlow(key: number, direction: FlowDraft['direction']): FlowDraft {
  return { key, direction, assetId: '', symbol: '', quantity: '', value: '', isFee: false };
}

/** The add-transaction route: a transaction entered by hand into one of the user's wallets. */
export function AddTransactionForm() {
  const navigate = useNavigate();
  const accounts = useTransactionAccounts();
  const [accountId, setAccountId] = useState('');
  const [when, setWhen] = useState('');
  const [type, setType] = useState<TransactionType>('BUY');
  const [description, setDescription] = useState('');
  const [flows, setFlows] = useState<FlowDraft[]>([emptyFlow(0, 'OUTFLOW'), emptyFlow(1, 'INFLOW')]);
  const [error, setError] = useState<string | null>(null);
  const create = useTransactionEdit(
    async (variables: CreateTransactionMutationVariables) => {
      const answer = (await request(CreateTransactionDocument, variables)).createTransaction;
      if (answer.success && answer.publicId) void navigate(`/transactions/${answer.publicId}`);
      return answer;
    },
    'Transaction added; recalculating.',
  );
  const change = (key: number, patch: Partial<FlowDraft>) => setFlows((all) => all.map((flow) => (flow.key === key ? { ...flow, ...patch } : flow)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = !accountId
      ? 'Choose a wallet.'
      : !when
        ? 'Enter the date and time.'
        : flows.some((flow) => !flow.assetId)
          ? 'Choose the asset of every amount.'
          : flows.some((flow) => !isPositiveAmount(flow.quantity) || (flow.value !== '' && !isPositiveAmount(flow.value)))
            ? NOT_POSITIVE
            : null;
    setError(problem);
    if (problem) return;
    create.mutate({
      input: {
        accountId,
        timestamp: `${when.length === 16 ? `${when}:00` : when}+00:00`,
        type,
        description,
        labels: [],
        flows: flows.map((flow) => ({
          direction: flow.isFee ? 'OUTFLOW' : flow.direction,
          assetId: flow.assetId,
          quantity: flow.quantity,
          value: flow.value === '' ? null : flow.value,
          isFee: flow.isFee,
        })),
      },
    });
  };

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1 className="page__title">Add transaction</h1>
          <p className="page__subtitle">Enter a transaction by hand. Values are in USD.</p>
        </div>
      </header>
      <form className="card card--padded form" onSubmit={submit} noValidate aria-label="Add transaction">
        <div className="field">
          <label className="field__label" htmlFor="add-wallet">
            Wallet
          </label>
          <select id="add-wallet" className="input" value={accountId} onChange={(event) => setAccountId(event.target.value)}>
            <option value="">Choose a wallet</option>
            {accounts.data?.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="add-when">
            Date and time (UTC)
          </label>
          <input id="add-when" className="input" type="datetime-local" step="1" value={when} onChange={(event) => setWhen(event.target.value)} />
        </div>
        <TransactionTypeField id="add-type" value={type} onChange={setType} />
        <fieldset className="choice-list">
          <legend>Amounts</legend>
          {flows.map((flow, index) => (
            <FlowRow
              key={flow.key}
              flow={flow}
              index={index}
              onChange={(patch) => change(flow.key, patch)}
              onRemove={flows.length > 1 ? () => setFlows((all) => all.filter((other) => other.key !== flow.key)) : undefined}
            />
          ))}
          <button type="button" className="button button--small" onClick={() => setFlows((all) => [...all, emptyFlow(Date.now(), 'INFLOW')])}>
            Add an amount
          </button>
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor="add-description">
            Description
          </label>
          <input id="add-description" className="input" maxLength={1000} value={description} onChange={(event) => setDescription(event.target.value)} />
        </div>
        {error ? (
          <p className="form__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            Add transaction
          </button>
        </div>
      </form>
    </div>
  );
}

function FlowRow({
  flow,
  index,
  onChange,
  onRemove,
}: {
  flow: FlowDraft;
  index: number;
  onChange: (patch: Partial<FlowDraft>) => void;
  onRemove?: () => void;
}) {
  const [search, setSearch] = useState('');
  const assets = useTransactionAssets(search);
  const id = `flow-${index}`;
  return (
    <div className="add-transaction__flow" data-testid="add-flow">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-direction`}>
          Direction
        </label>
        <select
          id={`${id}-direction`}
          className="input"
          value={flow.isFee ? 'FEE' : flow.direction}
          onChange={(event) =>
            onChange(event.target.value === 'FEE' ? { isFee: true, direction: 'OUTFLOW' } : { isFee: false, direction: event.target.value as FlowDraft['direction'] })
          }
        >
          <option value="INFLOW">Received</option>
          <option value="OUTFLOW">Sent</option>
          <option value="FEE">Fee</option>
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-asset`}>
          Asset
        </label>
        <input
          id={`${id}-asset`}
          className="input"
          list={`${id}-assets`}
          placeholder="BTC"
          value={flow.symbol || search}
          onChange={(event) => {
            const text = event.target.value;
            const chosen = assets.data?.currencySearch.find((asset) => `${asset.symbol} — ${asset.name}` === text || asset.symbol === text);
            setSearch(text);
            onChange(chosen ? { assetId: chosen.id, symbol: chosen.symbol } : { assetId: '', symbol: '' });
          }}
        />
        <datalist id={`${id}-assets`}>
          {assets.data?.currencySearch.map((asset) => <option key={asset.id} value={`${asset.symbol} — ${asset.name}`} />)}
        </datalist>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-quantity`}>
          Quantity
        </label>
        <input id={`${id}-quantity`} className="input" inputMode="decimal" value={flow.quantity} onChange={(event) => onChange({ quantity: event.target.value })} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-value`}>
          Value (USD, optional)
        </label>
        <input id={`${id}-value`} className="input" inputMode="decimal" value={flow.value} onChange={(event) => onChange({ value: event.target.value })} />
      </div>
      {onRemove ? (
        <button type="button" className="button button--small button--ghost" onClick={onRemove} aria-label={`Remove amount ${index + 1}`}>
          Remove
        </button>
      ) : (
        <span />
      )}
    </div>
  );
}
