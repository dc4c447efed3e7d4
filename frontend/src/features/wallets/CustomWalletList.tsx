import { Link } from 'react-router';
import { IntegrationIcon } from '@/components/IntegrationIcon';
import { formatCount, formatCrypto, formatFiat } from '@/lib/format';
import type { CustomWallet } from './api';
import { isAccountSyncing } from './syncing';
import { WalletActions } from './WalletActions';

export const CUSTOM_WALLET_TYPE = 'custom';

export function CustomWalletList({
  wallets,
  currency,
  selectedId,
  now,
}: {
  wallets: CustomWallet[];
  currency: string;
  selectedId: string | null;
  now: number;
}) {
  return (
    <ul className="account-list" aria-label="Custom wallets" data-testid="custom-wallet-list">
      {wallets.map((wallet) => (
        <CustomWalletRow key={wallet.id} wallet={wallet} currency={currency} selected={wallet.id === selectedId} now={now} />
      ))}
    </ul>
  );
}

function CustomWalletRow({ wallet, currency, selected, now }: { wallet: CustomWallet; currency: string; selected: boolean; now: number }) {
  const syncing = isAccountSyncing(wallet, now);
  const deleting = wallet.syncInfo.willBeDeleted;
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
            to={selected ? '/wallets' : `/wallets/${CUSTOM_WALLET_TYPE}/${encodeURIComponent(wallet.id)}`}
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
        <div className="account-row__value">
          {syncing ? (
            <span className="badge badge--syncing" role="status" data-testid="custom-wallet-syncing">
              <span className="spinner spinner--tiny" aria-hidden="true" />
              {deleting ? 'Deleting...' : 'Syncing...'}
            </span>
          ) : null}
          <span className="account-row__amount" data-testid="custom-wallet-value">
            {formatFiat(wallet.value, currency)}
          </span>
        </div>
        <WalletActions wallet={wallet} />
      </div>
      {wallet.errors.length ? (
        <ul className="account-row__errors">
          {wallet.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
      {selected ? <BalanceTable wallet={wallet} currency={currency} /> : null}
    </li>
  );
}

function BalanceTable({ wallet, currency }: { wallet: CustomWallet; currency: string }) {
  if (!wallet.balances.length) {
    return <p className="account-row__empty">No balances yet.</p>;
  }
  return (
    <table className="balance-table" data-testid="custom-wallet-balances">
      <caption className="visually-hidden">Balances of {wallet.name}</caption>
      <thead>
        <tr>
          <th scope="col">Asset</th>
          <th scope="col" className="num">
            Balance
          </th>
          <th scope="col" className="num">
            Value
          </th>
        </tr>
      </thead>
      <tbody>
        {wallet.balances.map((balance) => (
          <tr key={balance.currency.uaid || balance.currency.symbol}>
            <th scope="row">
              <span className="balance-table__symbol">{balance.currency.symbol}</span>
              <span className="balance-table__name">{balance.currency.name}</span>
            </th>
            <td className="num" title={formatCrypto(balance.balance, balance.currency.symbol, { precise: true })}>
              {formatCrypto(balance.balance, balance.currency.symbol)}
            </td>
            <td className="num">{balance.value === null ? '—' : formatFiat(balance.value, currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
