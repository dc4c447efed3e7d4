import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BackLink } from '@/components/BackLink';
import { Gain } from '@/components/Gain';
import { RemoveTransactionLinkDocument, type TransactionByPublicIdQuery } from '@/gql/graphql';
import { formatCrypto, formatDate, formatDateTime, formatFiat } from '@/lib/format';
import { request } from '@/lib/graphql';
import { useRefreshWhenCalculated, useTransaction, useTransactionEdit } from '@/features/transactions/api/useTransactions';
import { CALCULATING } from '@/features/transactions/utils/messages';
import { priceSourceLabel } from '@/features/transactions/utils/priceSources';
import { typeLabel } from '@/features/transactions/utils/types';
import { FlowValueEditor } from './FlowValueEditor';
import { TransactionActions } from './TransactionActions';
import './transactions.css';

const DIRECTION = { INFLOW: 'Received', OUTFLOW: 'Sent' } as const;
const FIELD_LABELS: Record<string, string> = {
  transaction: 'Transaction',
  is_ignored: 'Ignored',
  is_taxable: 'Taxable',
  type: 'Type',
  labels: 'Labels',
  timestamp: 'Date and time',
  cost_basis: 'Cost basis (USD)',
  proceeds: 'Proceeds (USD)',
  asset: 'Asset',
  link: 'Link',
  flows: 'Amounts',
  account: 'Wallet',
  description: 'Description',
};

type Detail = NonNullable<TransactionByPublicIdQuery['transaction']>;

/** A flow's stated value, else (≈) the value a calculation takes from its price source. */
function flowValueText(flow: Detail['transaction']['flows'][number], valued: Detail['flowValues'][number] | undefined, currency: string) {
  if (flow.value !== null) return formatFiat(flow.value, flow.valueCurrency ?? 'USD');
  return valued?.value ? formatFiat(valued.value, currency, { estimate: true }) : '—';
}

/** /transactions/{id}: one transaction, its flows, links, cost basis and disposal lineage, and its edits. */
export function TransactionDetail({ publicId, calculating }: { publicId: string; calculating: boolean }) {
  const query = useTransaction(publicId);
  useRefreshWhenCalculated(calculating);
  const removeLink = useTransactionEdit(
    async (linkId: string) => (await request(RemoveTransactionLinkDocument, { linkId })).removeTransactionLink,
    'The link is removed; recalculating.',
  );
  const found = query.data?.transaction;
  if (query.isPending) return <div className="page" aria-busy="true" />;
  if (!found) {
    return (
      <div className="page">
        <BackLink to="/transactions" label="Transactions" />
        <p className="notice notice--warning">This transaction could not be found.</p>
      </div>
    );
  }
  const { transaction } = found;
  const valued = new Map(found.flowValues.map((flow) => [flow.flowId, flow]));
  return (
    <div className="page">
      <BackLink to="/transactions" label="Transactions" />
      <header className="page__header">
        <div>
          <h1 className="page__title">
            {typeLabel(transaction.type)} · {formatDateTime(transaction.timestamp)}
          </h1>
          <p className="page__subtitle">
            {transaction.accountName}
            {transaction.isManual ? ' · entered by hand' : ''}
            {transaction.isIgnored ? ' · ignored in every calculation' : ''}
          </p>
        </div>
      </header>
      {calculating ? (
        <p className="notice notice--info" role="status" data-testid="transaction-calculating">
          {CALCULATING} The gain and cost basis below will update when the calculation is done.
        </p>
      ) : null}
      {transaction.needsReview ? (
        <p className="notice notice--warning" data-testid="transaction-review">
          Needs review: {transaction.reviewReason}
        </p>
      ) : null}

      <DetailSection id="transaction-summary" title="Summary">
        <dl className="transaction__facts">
          <dt>Value</dt>
          <dd>{transaction.fiatValue === null ? '—' : formatFiat(transaction.fiatValue, transaction.currency)}</dd>
          <dt>Gain</dt>
          <dd data-testid="transaction-gain">{transaction.gain === null ? '—' : <Gain value={transaction.gain} currency="USD" />}</dd>
          <dt>Labels</dt>
          <dd>{found.labels.length ? found.labels.join(', ') : '—'}</dd>
          <dt>Taxable income</dt>
          <dd>{transaction.isTaxable === null ? 'As its type says' : transaction.isTaxable ? 'Taxable' : 'Not taxable'}</dd>
          {transaction.description ? (
            <>
              <dt>Description</dt>
              <dd>{transaction.description}</dd>
            </>
          ) : null}
        </dl>
      </DetailSection>

      <DetailSection id="transaction-flows" title="Amounts">
        <div className="table-scroll">
          <table className="data-table" data-testid="transaction-flows">
            <thead>
              <tr>
                <th scope="col">Direction</th>
                <th scope="col">Amount</th>
                <th scope="col" className="num">
                  Value
                </th>
                <th scope="col">Price source</th>
                <th scope="col">Edit</th>
              </tr>
            </thead>
            <tbody>
              {transaction.flows.map((flow) => (
                <tr key={flow.id}>
                  <th scope="row">{flow.isFee ? 'Fee' : DIRECTION[flow.direction as keyof typeof DIRECTION]}</th>
                  <td>{formatCrypto(flow.quantity, flow.asset, { precise: true })}</td>
                  <td className="num">
                    {flowValueText(flow, valued.get(flow.id), transaction.currency)}
                    {flow.isOverridden ? (
                      <span className="muted"> (yours)</span>
                    ) : null}
                  </td>
                  <td data-testid="price-source">{priceSourceLabel(valued.get(flow.id)?.source)}</td>
                  <td>
                    <FlowValueEditor
                      flowId={flow.id}
                      kind={flow.direction === 'INFLOW' ? 'costBasis' : 'proceeds'}
                      asset={flow.asset}
                      overridden={flow.isOverridden}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </DetailSection>

      {found.lots.length ? (
        <DetailSection id="transaction-lots" title="Cost basis of what it acquired">
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Asset</th>
                  <th scope="col" className="num">Quantity</th>
                  <th scope="col" className="num">Cost basis</th>
                  <th scope="col" className="num">Still held</th>
                </tr>
              </thead>
              <tbody>
                {found.lots.map((lot) => (
                  <tr key={lot.lotId}>
                    <th scope="row">
                      <Link to={`/tax-lots/${encodeURIComponent(lot.asset)}`}>{lot.asset}</Link>
                    </th>
                    <td className="num">{formatCrypto(lot.quantity)}</td>
                    <td className="num">{money(lot.costBasis, transaction.currency)}</td>
                    <td className="num">{formatCrypto(lot.remaining)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </DetailSection>
      ) : null}

      {found.disposedLots.length ? (
        <DetailSection id="transaction-disposed" title="Lots it disposed of">
          <div className="table-scroll">
            <table className="data-table" data-testid="transaction-disposed-lots">
              <thead>
                <tr>
                  <th scope="col">Acquired</th>
                  <th scope="col">Asset</th>
                  <th scope="col" className="num">Quantity</th>
                  <th scope="col" className="num">Proceeds</th>
                  <th scope="col" className="num">Cost basis</th>
                  <th scope="col" className="num">Gain</th>
                  <th scope="col">Term</th>
                  <th scope="col">Lineage</th>
                </tr>
              </thead>
              <tbody>
                {found.disposedLots.map((slice) => (
                  <tr key={slice.id}>
                    <td>{slice.lotId ? formatDate(slice.acquiredAt) : 'No lot left'}</td>
                    <th scope="row">{slice.asset}</th>
                    <td className="num">{formatCrypto(slice.quantity)}</td>
                    <td className="num">{money(slice.proceeds, transaction.currency)}</td>
                    <td className="num">{money(slice.costBasis, transaction.currency)}</td>
                    <td className="num">
                      {slice.gain === null ? '—' : <Gain value={slice.gain} currency={transaction.currency} />}
                    </td>
                    <td>{slice.term === 'LONG' ? 'Long term' : 'Short term'}</td>
                    <td>
                      <Link to={`/lot-proof/${encodeURIComponent(slice.flowId)}/${slice.id}`}>
                        {slice.transferChain ? 'Lot proof (through transfers)' : 'Lot proof'}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </DetailSection>
      ) : null}

      {found.links.length ? (
        <DetailSection id="transaction-links" title="Linked transactions">
          <ul className="transaction__edits">
            {found.links.map((link) => (
              <li key={link.id}>
                {link.linkType.replace('_', ' ')} {link.outgoing ? 'to' : 'from'}{' '}
                <Link to={`/transactions/${link.otherPublicId}`}>this transaction</Link>
                {link.createdBy === 'auto' ? ' (matched automatically)' : ''}{' '}
                <button type="button" className="link-button" disabled={removeLink.isPending} onClick={() => removeLink.mutate(link.id)}>
                  Remove link
                </button>
              </li>
            ))}
          </ul>
        </DetailSection>
      ) : null}

      <DetailSection id="transaction-edit" title="Edit">
        <TransactionActions key={`${transaction.type}${transaction.timestamp}${found.labels.join()}`} transaction={transaction} labels={found.labels} />
      </DetailSection>

      {found.edits.length ? (
        <DetailSection id="transaction-history" title="History">
          <ol className="transaction__edits" data-testid="transaction-history">
            {found.edits.map((edit, index) => (
              <li key={index}>
                {formatDateTime(edit.editedAt)}: {FIELD_LABELS[edit.field] ?? edit.field} {edit.oldValue ?? '—'} → {edit.newValue ?? '—'}
              </li>
            ))}
          </ol>
        </DetailSection>
      ) : null}
    </div>
  );
}

/** A card of the page, titled. */
function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 className="card__title card__header" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An amount of the last run in the base currency; "—" when the FX table has no close for its day. */
function money(value: string | null, currency: string): string {
  return value === null ? '—' : formatFiat(value, currency);
}
