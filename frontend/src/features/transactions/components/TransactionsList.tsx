import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Gain } from '@/components/Gain';
import { Pager } from '@/components/Pager';
import { formatDateTime, formatFiat } from '@/lib/format';
import {
  TRANSACTIONS_PAGE_SIZE,
  useRefreshWhenCalculated,
  useTransactionAccounts,
  useTransactionCount,
  useTransactionsPage,
} from '@/features/transactions/api/useTransactions';
import { CALCULATING } from '@/features/transactions/utils/messages';
import { describeToken, filterTokens, hasToken, NEEDS_REVIEW, toggleToken, tokens, UNCATEGORIZED, withoutToken } from '@/features/transactions/utils/search';
import { typeLabel } from '@/features/transactions/utils/types';
import { sides } from '@/features/transactions/utils/flows';
import { FlowList } from './FlowList';
import './transactions.css';

interface Props {
  query: string;
  page: number;
  /** A cost-basis run is pending: gains and values are about to change. */
  calculating: boolean;
  onSearch: (query: string) => void;
  onPage: (page: number) => void;
  /** The route's buttons beside Add transaction (the CSV export). */
  actions?: ReactNode;
}

/** /transactions: the user's transactions, newest first, 50 a page, searched and filtered (spec 001 §2). */
export function TransactionsList({ query, page, calculating, onSearch, onPage, actions }: Props) {
  // Each page's keyset cursor, learnt from the page before it; a page reached otherwise is asked by number.
  const cursors = useRef(new Map<string, string>());
  const after = cursors.current.get(`${query}#${page}`) ?? null;
  const transactions = useTransactionsPage(query, page, after);
  const total = useTransactionCount(query).data;
  useRefreshWhenCalculated(calculating);
  const accounts = useTransactionAccounts();
  const data = transactions.data?.transactions;
  if (data?.nextCursor) cursors.current.set(`${query}#${page + 1}`, data.nextCursor);
  const accountName = (id: string) => accounts.data?.find((account) => account.id === id)?.name;
  const words = tokens(query)
    .filter((token) => !token.includes(':'))
    .join(' ');
  const [draft, setDraft] = useState(words);
  const search = (event: FormEvent) => {
    event.preventDefault();
    onSearch([...filterTokens(query), ...tokens(draft)].join(' '));
  };

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1 className="page__title">Transactions</h1>
          <p className="page__subtitle">Every transaction of every wallet, newest first.</p>
        </div>
        <div className="transactions__actions">
          {actions}
          <Link className="button button--primary" to="/transactions/new">
            Add transaction
          </Link>
        </div>
      </header>
      {calculating ? (
        <p className="notice notice--info" role="status" data-testid="transactions-calculating">
          {CALCULATING} Gains and values will update when the calculation is done.
        </p>
      ) : null}
      <section className="card" aria-label="Transactions">
        <div className="transactions__tools">
          <form role="search" className="transactions__search" onSubmit={search}>
            <label className="visually-hidden" htmlFor="transactions-q">
              Search transactions
            </label>
            <input
              id="transactions-q"
              className="input"
              type="search"
              placeholder="Search by asset, description or hash"
              value={draft}
              maxLength={100}
              onChange={(event) => setDraft(event.target.value)}
            />
            <button type="submit" className="button">
              Search
            </button>
          </form>
          <div className="chips" aria-label="Filters">
            {[NEEDS_REVIEW, UNCATEGORIZED].map((token) => (
              <button
                key={token}
                type="button"
                className={`chip${hasToken(query, token) ? ' chip--on' : ''}`}
                aria-pressed={hasToken(query, token)}
                onClick={() => onSearch(toggleToken(query, token))}
              >
                {describeToken(token, accountName)}
              </button>
            ))}
            {filterTokens(query)
              .filter((token) => token !== NEEDS_REVIEW && token !== UNCATEGORIZED)
              .map((token) => (
                <button
                  key={token}
                  type="button"
                  className="chip chip--on"
                  aria-label={`Remove filter ${describeToken(token, accountName)}`}
                  onClick={() => onSearch(withoutToken(query, token))}
                >
                  {describeToken(token, accountName)} <span aria-hidden="true">×</span>
                </button>
              ))}
          </div>
        </div>
        {transactions.isError ? (
          <p className="notice notice--warning" role="alert">
            {transactions.error.message}
          </p>
        ) : data && data.items.length === 0 && page === 1 ? (
          <p className="transactions__empty muted">No transactions match.</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table" data-testid="transactions">
              <caption className="visually-hidden">Transactions{total === undefined ? '' : `, ${total} in all`}</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Type</th>
                  <th scope="col">Wallet</th>
                  <th scope="col">Received</th>
                  <th scope="col">Sent</th>
                  <th scope="col">Fee</th>
                  <th scope="col" className="num">
                    Value
                  </th>
                  <th scope="col" className="num">
                    Gain
                  </th>
                </tr>
              </thead>
              <tbody>
                {data?.items.map((item) => {
                  const { received, sent, fees } = sides(item.flows);
                  return (
                    <tr key={item.id} data-testid="transaction-row" className={item.isIgnored ? 'transactions__ignored' : undefined}>
                      <td>
                        <Link to={`/transactions/${item.publicId}`}>{formatDateTime(item.timestamp)}</Link>
                      </td>
                      <th scope="row">
                        {typeLabel(item.type)}
                        {item.needsReview ? (
                          <span className="badge transactions__review" title={item.reviewReason ?? undefined}>
                            Needs review
                          </span>
                        ) : null}
                        {item.isIgnored ? <span className="badge">Ignored</span> : null}
                      </th>
                      <td>{item.accountName}</td>
                      <td>
                        <FlowList flows={received} />
                      </td>
                      <td>
                        <FlowList flows={sent} />
                      </td>
                      <td>
                        <FlowList flows={fees} empty="" />
                      </td>
                      <td className="num">{item.fiatValue === null ? '—' : formatFiat(item.fiatValue, item.currency)}</td>
                      <td className="num">{item.gain === null ? '—' : <Gain value={item.gain} currency={item.currency} />}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {/* the count comes beside the page: until it does, the pages are not known */}
        {total === undefined ? null : <Pager label="Transaction pages" page={page} limit={TRANSACTIONS_PAGE_SIZE} total={total} onPage={onPage} />}
      </section>
    </div>
  );
}
