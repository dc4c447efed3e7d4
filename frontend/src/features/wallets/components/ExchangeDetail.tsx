import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AccountNotFound } from '@/components/AccountNotFound';
import { BackLink } from '@/components/BackLink';
import { IntegrationIcon } from '@/components/IntegrationIcon';
import { PageLoadFailed, PageLoading } from '@/components/LoadStates';
import { exchangeImportPath } from '@/config/paths';
import { ACCOUNT_KIND, isAccountSyncing } from '@/lib/accounts/syncing';
import { useAccount } from '@/lib/accounts/useAccount';
import { formatCount, formatFiat } from '@/lib/format';
import { useCanImport, useUserInfo } from '@/lib/user';
import { useNow } from '@/features/wallets/hooks/useNow';
import { AccountErrors } from './AccountRowParts';
import { BalanceTable } from './BalanceTable';
import { SyncingBadge } from './SyncingBadge';
import { WalletActions } from './WalletActions';
import './wallets.css';

/** Exchange detail: name, integration, balances, transaction count, Import file, and the route's review list. */
export function ExchangeDetail({ exchangeId, accountReview }: { exchangeId: string; accountReview: (accountId: string) => ReactNode }) {
  const query = useAccount(exchangeId);
  const me = useUserInfo();
  const account = query.data?.account;
  const exchange = account && account.kind === ACCOUNT_KIND.EXCHANGE ? account : null;
  const now = useNow(1_000, exchange ? isAccountSyncing(exchange) : false);
  const currency = me.data?.me?.baseCurrency ?? 'USD';
  const canImport = useCanImport();

  useEffect(() => {
    document.title = `${exchange?.name ?? 'Exchange'} | Cairn`;
  }, [exchange?.name]);

  if (query.isPending) return <PageLoading />;
  if (query.isError) return <PageLoadFailed title={"We couldn't load this exchange"} onRetry={() => void query.refetch()} />;
  if (!exchange) return <AccountNotFound />;

  const count = exchange.computedTransactionCount;
  return (
    <div className="page account-page" data-testid="exchange-page" data-account-id={exchange.id}>
      <BackLink to="/wallets" label="Wallets" />
      <header className="page__header">
        <div className="account-page__title">
          <IntegrationIcon src={exchange.imageUrl} name={exchange.name} size={44} />
          <div>
            <h1 className="page__title" data-testid="exchange-page-name">
              {exchange.name}
            </h1>
            <p className="page__subtitle" data-testid="exchange-page-integration">
              {exchange.integrationName} exchange
            </p>
          </div>
        </div>
        <div className="page__actions">
          {canImport ? (
            <Link className="button button--primary" to={exchangeImportPath(exchange.id)} data-testid="exchange-import">
              Import file
            </Link>
          ) : null}
          <WalletActions wallet={exchange} />
        </div>
      </header>

      <section className="card" aria-labelledby="exchange-summary-heading">
        <header className="card__header">
          <h2 className="card__title" id="exchange-summary-heading">
            Balances
          </h2>
          {isAccountSyncing(exchange, now) ? <SyncingBadge deleting={exchange.syncInfo.willBeDeleted} testId="exchange-page-syncing" /> : null}
        </header>
        <dl className="account-facts">
          <div>
            <dt>Value</dt>
            <dd data-testid="exchange-page-value">{formatFiat(exchange.value, currency)}</dd>
          </div>
          <div>
            <dt>Transactions</dt>
            <dd data-testid="exchange-page-tx-count">{formatCount(count)}</dd>
          </div>
          <div>
            <dt>Assets</dt>
            <dd>{formatCount(exchange.assetsCount)}</dd>
          </div>
        </dl>
        <AccountErrors errors={exchange.errors} flush />
        <BalanceTable accountName={exchange.name} balances={exchange.balances} currency={currency} testId="exchange-balances-table" flush />
      </section>

      {accountReview(exchange.id)}
    </div>
  );
}
