import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { ImportedWallet } from '@/features/csv-import/useCsvImport';
import { AddWalletsModal } from '@/features/integrations/AddWalletsModal';
import { openList } from '@/features/integrations/modalState';
import { formatFiat, sumDecimals } from '@/lib/format';
import type { CustomWalletsQuery } from '@/gql/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { PAGE_SIZE, useCustomWallets, useUserInfo } from './api';
import { CUSTOM_WALLET_TYPE, CustomWalletList } from './CustomWalletList';
import { anyAccountSyncing } from './syncing';

function useNow(intervalMs: number, active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, active]);
  return now;
}

export default function WalletsPage() {
  const { walletType, walletId } = useParams();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useUserInfo();
  const wallets = useCustomWallets(page);
  const currency = me.data?.me?.baseCurrency ?? 'USD';
  const items = wallets.data?.customWallets.items ?? [];
  const total = wallets.data?.customWallets.total ?? 0;
  const syncing = anyAccountSyncing(items);
  const now = useNow(1_000, syncing);
  const selectedId = walletType === CUSTOM_WALLET_TYPE && walletId ? walletId : null;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const totalValue = items.some((wallet) => wallet.value !== null) ? sumDecimals(items.map((wallet) => wallet.value)) : null;

  useEffect(() => {
    document.title = 'Wallets | Cairn';
  }, []);

  function onImported(wallet: ImportedWallet | null, search: URLSearchParams) {
    if (wallet) {
      // The new custom wallet appears at once, as syncing, until the list refresh brings the server's view.
      const syncingWallet = { ...wallet, syncInfo: { ...wallet.syncInfo, lastSynced: new Date().toISOString() } };
      queryClient.setQueryData<CustomWalletsQuery>(queryKeys.customWallets(1), (old) =>
        old
          ? {
              ...old,
              customWallets: {
                ...old.customWallets,
                items: [syncingWallet, ...old.customWallets.items.filter((item) => item.id !== wallet.id)],
                total: old.customWallets.items.some((item) => item.id === wallet.id) ? old.customWallets.total : old.customWallets.total + 1,
              },
            }
          : old,
      );
      setPage(1);
      navigate({ pathname: `/wallets/${CUSTOM_WALLET_TYPE}/${encodeURIComponent(wallet.id)}`, search: search.toString() });
    } else {
      setParams(search);
    }
  }

  return (
    <div className="page wallets-page">
      <header className="page__header">
        <div>
          <h1 className="page__title">Wallets</h1>
          <p className="page__subtitle">Exchanges, blockchain wallets and files you have added.</p>
        </div>
        <button type="button" className="button button--primary" data-testid="open-add-wallets" onClick={() => setParams(openList(params))}>
          Add wallet
        </button>
      </header>

      <section className="card" aria-labelledby="custom-wallets-heading">
        <header className="card__header">
          <h2 className="card__title" id="custom-wallets-heading">
            Custom wallets <span className="card__count">{wallets.isSuccess ? total : ''}</span>
          </h2>
          {totalValue !== null && items.length > 0 ? (
            <span className="card__aside" data-testid="custom-wallets-total">
              {formatFiat(totalValue, currency)}
            </span>
          ) : null}
        </header>
        {wallets.isPending ? (
          <ul className="account-list" aria-busy="true" aria-label="Loading wallets">
            {[0, 1, 2].map((index) => (
              <li key={index} className="account-row account-row--skeleton" aria-hidden="true">
                <span className="skeleton skeleton--icon" />
                <span className="skeleton skeleton--text" />
              </li>
            ))}
          </ul>
        ) : wallets.isError ? (
          <div className="empty-state" role="alert">
            <p className="empty-state__title">We couldn't load your wallets</p>
            <button type="button" className="button" onClick={() => void wallets.refetch()}>
              Try again
            </button>
          </div>
        ) : items.length === 0 ? (
          <div className="empty-state" data-testid="wallets-empty">
            <p className="empty-state__title">No wallets yet</p>
            <p className="empty-state__text">Import a CSV file to create your first custom wallet.</p>
            <button type="button" className="button button--primary" onClick={() => setParams(openList(params))}>
              Add your first wallet
            </button>
          </div>
        ) : (
          <CustomWalletList wallets={items} currency={currency} selectedId={selectedId} now={now} />
        )}
        {pages > 1 ? (
          <nav className="pager" aria-label="Custom wallet pages">
            <button type="button" className="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </button>
            <span>
              Page {page} of {pages}
            </span>
            <button type="button" className="button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Next
            </button>
          </nav>
        ) : null}
      </section>
      <AddWalletsModal onImported={onImported} />
    </div>
  );
}
