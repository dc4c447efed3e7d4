import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '@/components/BackLink';
import { PageLoadFailed, PageLoading } from '@/components/LoadStates';
import { Pager } from '@/components/Pager';
import { formatCryptoAmount, formatDateTime, formatFiat } from '@/lib/format';
import {
  DEPOSITS_PAGE_SIZE,
  useConnectedCtUser,
  useDepositHistory,
  usePipelineStages,
  useTaxMethod,
  useUserCurrencies,
} from '@/features/broker/api/useBroker';
import type { CbePipelineStage, CbeStageStatus } from '@/gql/graphql';
import { BROKER_HOME } from '@/features/broker/utils/menus';
import './broker.css';

const STAGE_LABELS: Record<CbePipelineStage, string> = { IMPORT: 'Import', COST_BASIS: 'Cost basis' };
const STATUS_LABELS: Record<CbeStageStatus, string> = {
  NOT_STARTED: 'Not started',
  RUNNING: 'Running',
  DONE: 'Done',
  FAILED: 'Failed',
};

/** /users-overview/{userId}: one connected user's deposit information, tax method, pipeline stages,
 * currencies and deposit history. */
export function UserOverview() {
  const userId = useParams().userId ?? '';
  const [page, setPage] = useState(1);
  const user = useConnectedCtUser(userId);
  const history = useDepositHistory(userId, page);
  const taxMethod = useTaxMethod(userId).data?.cbeTaxMethod;
  const stages = usePipelineStages(userId).data?.cbePipelineStages;
  const currencies = useUserCurrencies(userId).data?.cbeUserCurrencies;
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
        {taxMethod ? (
          <p className="page__subtitle" data-testid="tax-method">
            Cost basis method: {taxMethod.costBasisMethod}, {taxMethod.costBasisByWallet ? 'per wallet' : 'universal'}
          </p>
        ) : null}
      </header>
      {stages ? (
        <section className="card" aria-labelledby="pipeline-stages-title">
          <h2 id="pipeline-stages-title" className="card__title">
            Pipeline stages
          </h2>
          <ol className="broker-stages" data-testid="pipeline-stages">
            {stages.map((stage) => (
              <li key={stage.stage}>
                {STAGE_LABELS[stage.stage]}: {STATUS_LABELS[stage.status]}
                {stage.updatedAt ? ` (${formatDateTime(stage.updatedAt) ?? ''})` : ''}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {currencies ? (
        <section className="card" aria-labelledby="user-currencies-title">
          <h2 id="user-currencies-title" className="card__title">
            Currencies
          </h2>
          <table className="broker-table" data-testid="user-currencies">
            <thead>
              <tr>
                <th scope="col">Asset</th>
                <th scope="col" className="number">
                  Amount
                </th>
                <th scope="col" className="number">
                  Value
                </th>
                <th scope="col" className="number">
                  Cost basis
                </th>
              </tr>
            </thead>
            <tbody>
              {currencies.map((currency) => (
                <tr key={currency.assetId}>
                  <td>
                    {currency.name} ({currency.symbol})
                  </td>
                  <td className="number">{formatCryptoAmount(currency.quantity)}</td>
                  <td className="number">{currency.value ? formatFiat(currency.value, 'USD') : '—'}</td>
                  <td className="number">{formatFiat(currency.costBasis, 'USD')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
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
