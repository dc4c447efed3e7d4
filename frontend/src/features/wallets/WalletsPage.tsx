import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { ImportedWallet } from '@/features/csv-import/useCsvImport';
import { AddWalletsModal } from '@/features/integrations/AddWalletsModal';
import { openList } from '@/features/integrations/modalState';
import type { CustomWalletsQuery, ExchangesQuery } from '@/gql/graphql';
import { formatFiat, sumDecimals } from '@/lib/format';
import { queryKeys } from '@/lib/queryKeys';
import { PAGE_SIZE, useCustomWallets, useExchanges, useUserInfo } from './api';
import { CustomWalletList } from './CustomWalletList';
import { ExchangeList } from './ExchangeList';
import { CUSTOM_WALLET_TYPE, customWalletPath } from './paths';
import { ACCOUNT_KIND, anyAccountSyncing } from './syncing';
import { useNow } from './useNow';

interface Page<T> {
  items: T[];
  total: number;
}

/** Puts a just-imported account first on page 1 of its list, marked as recently synced (so: syncing). */
function withImported<T extends { id: string }>(page: Page<T>, account: T): Page<T> {
  const known = page.items.some((item) => item.id === account.id);
  return {
    ...page,
    items: [account, ...page.items.filter((item) => item.id !== account.id)],
    total: known ? page.total : page.total + 1,
  };
}

export default function WalletsPage() {
  const { walletType, walletId } = useParams();
  const [params, setParams] = useSearchParams();
  const [walletPage, setWalletPage] = useState(1);
  const [exchangePage, setExchangePage] = useState(1);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useUserInfo();
  const wallets = useCustomWallets(walletPage);
  const exchanges = useExchanges(exchangePage);
  const currency = me.data?.me?.baseCurrency ?? 'USD';
  const canImport = Boolean(me.data?.me) && !me.data?.me?.viewAsUserId;
  const walletItems = wallets.data?.customWallets.items ?? [];
  const exchangeItems = exchanges.data?.exchanges.items ?? [];
  const now = useNow(1_000, anyAccountSyncing(walletItems) || anyAccountSyncing(exchangeItems));
  const selectedId = walletType === CUSTOM_WALLET_TYPE && walletId ? walletId : null;
  const openModal = () => setParams(openList(params));

  useEffect(() => {
    document.title = 'Wallets | Cairn';
  }, []);

  function onImported(account: ImportedWallet | null, search: URLSearchParams) {
    if (!account) {
      setParams(search);
      return;
    }
    const syncing = { ...account, syncInfo: { ...account.syncInfo, lastSynced: new Date().toISOString() } };
    if (account.kind === ACCOUNT_KIND.EXCHANGE) {
      // An Exchange integration's file makes an exchange account: it appears under Exchanges, as syncing.
      queryClient.setQueryData<ExchangesQuery>(queryKeys.exchanges(1), (old) =>
        old ? { ...old, exchanges: { ...old.exchanges, ...withImported(old.exchanges, syncing) } } : old,
      );
      setExchangePage(1);
      setParams(search);
      return;
    }
    queryClient.setQueryData<CustomWalletsQuery>(queryKeys.customWallets(1), (old) =>
      old ? { ...old, customWallets: { ...old.customWallets, ...withImported(old.customWallets, syncing) } } : old,
    );
    setWalletPage(1);
    navigate({ pathname: customWalletPath(account.id), search: search.toString() });
  }

  const loaded = wallets.isSuccess && exchanges.isSuccess;
  const empty = loaded && walletItems.length === 0 && exchangeItems.length === 0;

  return (
    <div className="page wallets-page">
      <header className="page__header">
        <div>
          <h1 className="page__title">Wallets</h1>
          <p className="page__subtitle">Exchanges, blockchain wallets and files you have added.</p>
        </div>
        <button type="button" className="button button--primary" data-testid="open-add-wallets" onClick={openModal}>
          Add wallet
        </button>
      </header>

      {empty ? (
        <section className="card">
          <div className="empty-state" data-testid="wallets-empty">
            <p className="empty-state__title">No wallets yet</p>
            <p className="empty-state__text">Import a CSV file to create your first custom wallet.</p>
            <button type="button" className="button button--primary" onClick={openModal}>
              Add your first wallet
            </button>
          </div>
        </section>
      ) : (
        <>
          {exchanges.isPending || exchanges.isError || exchangeItems.length > 0 ? (
            <AccountSection
              id="exchanges"
              title="Exchanges"
              total={exchanges.data?.exchanges.total}
              items={exchangeItems}
              currency={currency}
              pending={exchanges.isPending}
              failed={exchanges.isError}
              onRetry={() => void exchanges.refetch()}
              page={exchangePage}
              onPage={setExchangePage}
            >
              <ExchangeList exchanges={exchangeItems} currency={currency} now={now} />
            </AccountSection>
          ) : null}
          {wallets.isPending || wallets.isError || walletItems.length > 0 ? (
            <AccountSection
              id="custom-wallets"
              title="Custom wallets"
              total={wallets.data?.customWallets.total}
              items={walletItems}
              currency={currency}
              pending={wallets.isPending}
              failed={wallets.isError}
              onRetry={() => void wallets.refetch()}
              page={walletPage}
              onPage={setWalletPage}
            >
              <CustomWalletList wallets={walletItems} currency={currency} selectedId={selectedId} now={now} canImport={canImport} />
            </AccountSection>
          ) : null}
        </>
      )}
      <AddWalletsModal onImported={onImported} />
    </div>
  );
}

/** One paginated account list in a card: title with count and total value, loading and error states. */
function AccountSection({
  id,
  title,
  total,
  items,
  currency,
  pending,
  failed,
  onRetry,
  page,
  onPage,
  children,
}: {
  id: string;
  title: string;
  total: number | undefined;
  items: readonly { value: string | null }[];
  currency: string;
  pending: boolean;
  failed: boolean;
  onRetry: () => void;
  page: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  const pages = Math.max(1, Math.ceil((total ?? 0) / PAGE_SIZE));
  const totalValue = items.some((item) => item.value !== null) ? sumDecimals(items.map((item) => item.value)) : null;
  return (
    <section className="card" aria-labelledby={`${id}-heading`} data-testid={`${id}-section`}>
      <header className="card__header">
        <h2 className="card__title" id={`${id}-heading`}>
          {title} <span className="card__count">{total ?? ''}</span>
        </h2>
        {totalValue !== null ? (
          <span className="card__aside" data-testid={`${id}-total`}>
            {formatFiat(totalValue, currency)}
          </span>
        ) : null}
      </header>
      {pending ? (
        <ul className="account-list" aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`}>
          {[0, 1, 2].map((index) => (
            <li key={index} className="account-row account-row--skeleton" aria-hidden="true">
              <span className="skeleton skeleton--icon" />
              <span className="skeleton skeleton--text" />
            </li>
          ))}
        </ul>
      ) : failed ? (
        <div className="empty-state" role="alert">
          <p className="empty-state__title">We couldn't load your {title.toLowerCase()}</p>
          <button type="button" className="button" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : (
        children
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label={`${title} pages`}>
          <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </button>
        </nav>
      ) : null}
    </section>
  );
}
