import { IntegrationIcon } from '@/components/IntegrationIcon';
import { isAccountSyncing } from '@/lib/accounts/syncing';
import { formatCount, shortenName } from '@/lib/format';
import type { BlockchainWallet } from '@/features/wallets/api/useBlockchainWallets';
import { AccountErrors, AccountRowValue } from './AccountRowParts';
import { BalanceTable } from './BalanceTable';
import { ReportedBalances } from './ReportedBalances';
import { WalletActions } from './WalletActions';
import './wallets.css';

/** Blockchain wallets (by address, xpub or two xpubs): each with its balances and actions. */
export function BlockchainWalletList({ wallets, currency, now }: { wallets: BlockchainWallet[]; currency: string; now: number }) {
  return (
    <ul className="account-list" aria-label="Wallets" data-testid="blockchain-wallet-list">
      {wallets.map((wallet) => (
        <BlockchainWalletRow key={wallet.id} wallet={wallet} currency={currency} now={now} />
      ))}
    </ul>
  );
}

function BlockchainWalletRow({ wallet, currency, now }: { wallet: BlockchainWallet; currency: string; now: number }) {
  const syncing = isAccountSyncing(wallet, now);
  const count = wallet.computedTransactionCount;
  return (
    <li className="account-row" data-testid="blockchain-wallet-row" data-wallet-id={wallet.id} data-syncing={syncing ? 'true' : 'false'}>
      <div className="account-row__main">
        <IntegrationIcon src={wallet.imageUrl} name={wallet.name} size={36} />
        <div className="account-row__text">
          <span className="account-row__name" title={wallet.name} data-testid="blockchain-wallet-name">
            {wallet.name}
          </span>
          <span className="account-row__meta">
            {wallet.integrationName}
            {wallet.address ? (
              <>
                {' · '}
                <span title={wallet.address}>{shortenName(wallet.address.split('\n')[0])}</span>
              </>
            ) : null}
            {' · '}
            <span data-testid="blockchain-wallet-tx-count">{formatCount(count)}</span> {count === 1 ? 'transaction' : 'transactions'}
            {wallet.isMining ? ' · Mining' : ''}
          </span>
        </div>
        <AccountRowValue
          syncing={syncing}
          deleting={wallet.syncInfo.willBeDeleted}
          value={wallet.value}
          currency={currency}
          testIdPrefix="blockchain-wallet"
        />
        <WalletActions wallet={wallet} />
      </div>
      <AccountErrors errors={wallet.errors} />
      <div className="account-row__detail">
        <BalanceTable accountName={wallet.name} balances={wallet.balances} currency={currency} testId="blockchain-wallet-balances" />
        <ReportedBalances wallet={wallet} />
      </div>
    </li>
  );
}
