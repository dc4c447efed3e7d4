import type { AccountFieldsFragment } from '@/gql/graphql';
import { formatCrypto, formatFiat } from '@/lib/format';
import { assetLabel } from '@/features/wallets/utils/assetLabel';

/** An account's balances: asset, amount (exact on hover) and value in the user's currency. */
export function BalanceTable({
  accountName,
  balances,
  currency,
  testId,
  flush = false,
}: {
  accountName: string;
  balances: AccountFieldsFragment['balances'];
  currency: string;
  testId: string;
  /** Full width (detail pages) instead of indented under a list row. */
  flush?: boolean;
}) {
  if (!balances.length) {
    return <p className={`account-row__empty${flush ? ' account-row__empty--flush' : ''}`}>No balances yet.</p>;
  }
  return (
    <table className={`balance-table${flush ? ' balance-table--flush' : ''}`} data-testid={testId}>
      <caption className="visually-hidden">Balances of {accountName}</caption>
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
        {balances.map((balance) => (
          <tr key={balance.currency.uaid || balance.currency.symbol}>
            <th scope="row">
              <span className="balance-table__symbol">{assetLabel(balance.currency.symbol)}</span>
              <span className="balance-table__name">{balance.currency.name}</span>
            </th>
            <td className="num" title={formatCrypto(balance.balance, assetLabel(balance.currency.symbol), { precise: true })}>
              {formatCrypto(balance.balance, assetLabel(balance.currency.symbol))}
            </td>
            <td className="num">{balance.value === null ? '—' : formatFiat(balance.value, currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
