import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IntegrationIcon } from '@/components/IntegrationIcon';
import { customWalletImportPath, customWalletPath } from '@/config/paths';
import { isAccountSyncing } from '@/lib/accounts/syncing';
import { formatCount } from '@/lib/format';
import type { CustomWallet } from '@/features/wallets/api/useCustomWallets';
import { AccountErrors, AccountRowValue } from './AccountRowParts';
import { BalanceTable } from './BalanceTable';
import { WalletActions } from './WalletActions';
import './wallets.css';

export function CustomWalletList({
  wallets,
  currency,
  selectedId,
  now,
  canImport,
  accountReview,
}: {
  wallets: CustomWallet[];
  currency: string;
  selectedId: string | null;
  now: number;
  /** False while viewing as another user: the file-import route is forbidden then. */
  canImport: boolean;
  /** The review list shown under the selected wallet. */
  accountReview: (accountId: string) => ReactNode;
}) {
  return (
    <ul className="account-list" aria-label="Custom wallets" data-testid="custom-wallet-list">
      {wallets.map((wallet) => (
        <CustomWalletRow
          key={wallet.id}
          wallet={wallet}
          currency={currency}
          selected={wallet.id === selectedId}
          now={now}
          canImport={canImport}
          accountReview={accountReview}
        />
      ))}
    </ul>
  );
}

function CustomWalletRow({
  wallet,
  currency,
  selected,
  now,
  canImport,
  accountReview,
}: {
  wallet: CustomWallet;
  currency: string;
  selected: boolean;
  now: number;
  canImport: boolean;
  accountReview: (accountId: string) => ReactNode;
}) {
  const syncing = isAccountSyncing(wallet, now);
  const count = wallet.computedTransactionCount;
  return (
    <li
      className={`account-row${selected ? ' account-row--selected' : ''}`}
      data-testid="custom-wallet-row"
      data-wallet-id={wallet.id}
      data-syncing={syncing ? 'true' : 'false'}
    >
      <div className="account-row__main">
        <IntegrationIcon src={wallet.imageUrl} name={wallet.name} size={36} />
        <div className="account-row__text">
          <Link
            className="account-row__name"
            to={selected ? '/wallets' : customWalletPath(wallet.id)}
            title={wallet.name}
            aria-expanded={selected}
            data-testid="custom-wallet-name"
          >
            {wallet.name}
          </Link>
          <span className="account-row__meta">
            Custom wallet · <span data-testid="custom-wallet-tx-count">{formatCount(count)}</span>{' '}
            {count === 1 ? 'transaction' : 'transactions'}
            {wallet.assetsCount > 0 ? ` · ${formatCount(wallet.assetsCount)} ${wallet.assetsCount === 1 ? 'asset' : 'assets'}` : ''}
          </span>
        </div>
        <AccountRowValue
          syncing={syncing}
          deleting={wallet.syncInfo.willBeDeleted}
          value={wallet.value}
          currency={currency}
          testIdPrefix="custom-wallet"
        />
        <WalletActions wallet={wallet} />
      </div>
      <AccountErrors errors={wallet.errors} />
      {selected ? (
        <div className="account-row__detail">
          <BalanceTable accountName={wallet.name} balances={wallet.balances} currency={currency} testId="custom-wallet-balances" />
          {canImport ? (
            <div className="account-row__actions">
              <Link className="button" to={customWalletImportPath(wallet.id)} data-testid="custom-wallet-import">
                Import file
              </Link>
            </div>
          ) : null}
          <div className="account-row__review">{accountReview(wallet.id)}</div>
        </div>
      ) : null}
    </li>
  );
}
