import { Link } from 'react-router';
import { IntegrationIcon } from '@/components/IntegrationIcon';
import { exchangePath } from '@/config/paths';
import { isAccountSyncing } from '@/lib/accounts/syncing';
import { formatCount, formatCrypto } from '@/lib/format';
import type { Exchange } from '@/features/wallets/api/useExchanges';
import { assetLabel } from '@/features/wallets/utils/assetLabel';
import { AccountErrors, AccountRowValue } from './AccountRowParts';
import { WalletActions } from './WalletActions';
import './wallets.css';

/** Balances shown inline on an exchange row; the rest are on the exchange's page. */
const INLINE_BALANCES = 3;

export function ExchangeList({ exchanges, currency, now }: { exchanges: Exchange[]; currency: string; now: number }) {
  return (
    <ul className="account-list" aria-label="Exchanges" data-testid="exchange-list">
      {exchanges.map((exchange) => (
        <ExchangeRow key={exchange.id} exchange={exchange} currency={currency} now={now} />
      ))}
    </ul>
  );
}

function ExchangeRow({ exchange, currency, now }: { exchange: Exchange; currency: string; now: number }) {
  const syncing = isAccountSyncing(exchange, now);
  const count = exchange.computedTransactionCount;
  const shown = exchange.balances.slice(0, INLINE_BALANCES);
  const more = exchange.balances.length - shown.length;
  return (
    <li className="account-row" data-testid="exchange-row" data-account-id={exchange.id} data-syncing={syncing ? 'true' : 'false'}>
      <div className="account-row__main">
        <IntegrationIcon src={exchange.imageUrl} name={exchange.name} size={36} />
        <div className="account-row__text">
          <Link className="account-row__name" to={exchangePath(exchange.id)} title={exchange.name} data-testid="exchange-name">
            {exchange.name}
          </Link>
          <span className="account-row__meta">
            {exchange.integrationName || 'Exchange'} · <span data-testid="exchange-tx-count">{formatCount(count)}</span>{' '}
            {count === 1 ? 'transaction' : 'transactions'}
          </span>
          {shown.length ? (
            <span className="account-row__meta" data-testid="exchange-balances">
              {shown.map((balance) => formatCrypto(balance.balance, assetLabel(balance.currency.symbol))).join(' · ')}
              {more > 0 ? ` · ${more} more` : ''}
            </span>
          ) : null}
        </div>
        <AccountRowValue
          syncing={syncing}
          deleting={exchange.syncInfo.willBeDeleted}
          value={exchange.value}
          currency={currency}
          testIdPrefix="exchange"
        />
        <WalletActions wallet={exchange} />
      </div>
      <AccountErrors errors={exchange.errors} />
    </li>
  );
}
