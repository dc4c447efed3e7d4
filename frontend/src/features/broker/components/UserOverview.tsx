import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '@/components/BackLink';
import { PageLoadFailed, PageLoading } from '@/components/LoadStates';
import { Pager } from '@/components/Pager';
import { formatCryptoAmount, formatDateTime, formatFiat } from '@/lib/format';
import { DEPOSITS_PAGE_SIZE, useConnectedCtUser, useDepositHistory } from '@/features/broker/api/useBroker';
import { BROKER_HOME } from '@/features/broker/utils/menus';
import './broker.css';

/** /users-overview/{userId}: one connected user's deposit information and deposit history. */
export function UserOverview() {
  const userId = useParams().userId ?? '';
  const [page, setPage] = useState(1);
  const user = useConnectedCtUser(userId);
  const history = useDepositHistory(userId, page);
  const found = user.data?.connectedCtUser;
  useEffect(() => {
    document.title = `${found?.email ?? 'User'} | Tax Center`;
  }, [found]);

  if (user.isPending) return <PageLoading />;
  if (user.isError) return <PageLoadFailed title="We couldn't load this user" onRetry={() => void user.refetch()} />;
  if (!found) {
    return (
      <div className="page">
        <div className="empty-state" data-testid="user-not-found">
          <p className="empty-state__title">Not found.</p>
        </div>
      </div>
    );
  }
  const deposits = history.data?.cbeDepositHistory;
  return (
    <div className="page">
      <BackLink to={BROKER_HOME} label="Users overview" />
      <header className="page__header">
        <h1 className="page__title">{found.email}</h1>
        <p className="page__subtitle" data-testid="deposit-information">
          {found.depositCount} deposits
          {found.lastDepositAt ? `, the last on ${formatDateTime(found.lastDepositAt) ?? ''}` : ''}
        </p>
      </header>
      <section className="card" aria-labelledby="deposit-history-title">
        <h2 id="deposit-history-title" className="card__title">
          Deposit history
        </h2>
        {deposits ? (
          <>
            <table className="broker-table" data-testid="deposit-history">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Type</th>
                  <th scope="col">Account</th>
                  <th scope="col" className="number">
                    Amount
                  </th>
                  <th scope="col" className="number">
                    Cost basis
                  </th>
                </tr>
              </thead>
              <tbody>
                {deposits.items.map((deposit) => (
                  <tr key={`${deposit.transactionPublicId}-${deposit.assetId}`}>
                    <td>{formatDateTime(deposit.timestamp)}</td>
                    <td>{deposit.type}</td>
                    <td>{deposit.accountName}</td>
                    <td className="number">
                      {formatCryptoAmount(deposit.quantity)} {deposit.assetId.slice(deposit.assetId.indexOf('_') + 1)}
                    </td>
                    <td className="number">{deposit.value ? formatFiat(deposit.value, deposit.valueCurrency ?? 'USD') : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager label="Deposit history pages" page={page} limit={DEPOSITS_PAGE_SIZE} total={deposits.total} onPage={setPage} />
          </>
        ) : null}
      </section>
    </div>
  );
}
