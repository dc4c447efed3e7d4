import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { CUSTOM_WALLET_TYPE, customWalletPath } from '@/config/paths';
import { anyAccountSyncing } from '@/lib/accounts/syncing';
import { useResyncAll } from '@/lib/accounts/useResyncAll';
import { openList } from '@/lib/addWalletsModalUrl';
import type { ImportedWallet } from '@/lib/upload/jobs';
import { useCanImport, useUserInfo } from '@/lib/user';
import { showImportedAccount } from '@/features/wallets/api/showImportedAccount';
import { useBlockchainWallets } from '@/features/wallets/api/useBlockchainWallets';
import { useCustomWallets } from '@/features/wallets/api/useCustomWallets';
import { useExchanges } from '@/features/wallets/api/useExchanges';
import { useNow } from '@/features/wallets/hooks/useNow';
import { AccountSection } from './AccountSection';
import { BlockchainWalletList } from './BlockchainWalletList';
import { CustomWalletList } from './CustomWalletList';
import { ExchangeList } from './ExchangeList';
import './wallets.css';

/** Called when the add-wallets modal imported a file (account null: nothing to show), with the search to go on with. */
export type OnImported = (account: ImportedWallet | null, search: URLSearchParams) => void;

/**
 * The wallets lists: exchanges and custom wallets, paginated. The route slots in the add-wallets
 * modal and the review list shown under a selected custom wallet.
 */
export function Wallets({
  addWallets,
  accountReview,
}: {
  addWallets: (onImported: OnImported) => ReactNode;
  accountReview: (accountId: string) => ReactNode;
}) {
  const { walletType, walletId } = useParams();
  const [params, setParams] = useSearchParams();
  const [walletPage, setWalletPage] = useState(1);
  const [exchangePage, setExchangePage] = useState(1);
  const [chainWalletPage, setChainWalletPage] = useState(1);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useUserInfo();
  const wallets = useCustomWallets(walletPage);
  const exchanges = useExchanges(exchangePage);
  const chainWallets = useBlockchainWallets(chainWalletPage);
  const resyncAll = useResyncAll();
  const currency = me.data?.me?.baseCurrency ?? 'USD';
  const canImport = useCanImport();
  const walletItems = wallets.data?.customWallets.items ?? [];
  const exchangeItems = exchanges.data?.exchanges.items ?? [];
  const chainWalletItems = chainWallets.data?.wallets.items ?? [];
  const now = useNow(1_000, anyAccountSyncing(walletItems) || anyAccountSyncing(exchangeItems) || anyAccountSyncing(chainWalletItems));
  const selectedId = walletType === CUSTOM_WALLET_TYPE && walletId ? walletId : null;
  const openModal = () => setParams(openList(params));

  useEffect(() => {
    document.title = 'Wallets | Cairn';
  }, []);

  const onImported: OnImported = (account, search) => {
    if (!account) {
      setParams(search);
      return;
    }
    if (showImportedAccount(queryClient, account) === 'exchange') {
      setExchangePage(1);
      setParams(search);
      return;
    }
    setWalletPage(1);
    navigate({ pathname: customWalletPath(account.id), search: search.toString() });
  };

  const loaded = wallets.isSuccess && exchanges.isSuccess && chainWallets.isSuccess;
  const empty = loaded && walletItems.length === 0 && exchangeItems.length === 0 && chainWalletItems.length === 0;

  return (
    <div className="page wallets-page">
      <header className="page__header">
        <div>
          <h1 className="page__title">Wallets</h1>
          <p className="page__subtitle">Exchanges, blockchain wallets and files you have added.</p>
        </div>
        <div className="page__actions">
          {exchangeItems.length > 0 || chainWalletItems.length > 0 ? (
            <button type="button" className="button" data-testid="resync-all" disabled={resyncAll.isPending} onClick={() => resyncAll.mutate()}>
              Resync all
            </button>
          ) : null}
          <button type="button" className="button button--primary" data-testid="open-add-wallets" onClick={openModal}>
            Add wallet
          </button>
        </div>
      </header>

      {empty ? (
        <section className="card">
          <div className="empty-state" data-testid="wallets-empty">
            <p className="empty-state__title">No wallets yet</p>
            <p className="empty-state__text">Link an exchange or a blockchain wallet, or import a CSV file.</p>
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
          {chainWallets.isPending || chainWallets.isError || chainWalletItems.length > 0 ? (
            <AccountSection
              id="wallets"
              title="Wallets"
              total={chainWallets.data?.wallets.total}
              items={chainWalletItems}
              currency={currency}
              pending={chainWallets.isPending}
              failed={chainWallets.isError}
              onRetry={() => void chainWallets.refetch()}
              page={chainWalletPage}
              onPage={setChainWalletPage}
            >
              <BlockchainWalletList wallets={chainWalletItems} currency={currency} now={now} />
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
              <CustomWalletList
                wallets={walletItems}
                currency={currency}
                selectedId={selectedId}
                now={now}
                canImport={canImport}
                accountReview={accountReview}
              />
            </AccountSection>
          ) : null}
        </>
      )}
      {addWallets(onImported)}
    </div>
  );
}
