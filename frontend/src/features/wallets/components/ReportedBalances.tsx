import { formatCrypto } from '@/lib/format';
import type { BlockchainWallet } from '@/features/wallets/api/useBlockchainWallets';
import { assetLabel } from '@/features/wallets/utils/assetLabel';

/** What the chain reported at the latest sync beside what the wallet's transactions add up to, per
 * asset; a significant difference (isBalanceDifferenceSignificant) is marked. */
export function ReportedBalances({ wallet }: { wallet: Pick<BlockchainWallet, 'name' | 'reportedBalances'> }) {
  if (!wallet.reportedBalances.length) return null;
  return (
    <table className="balance-table reported-balances" data-testid="reported-balances">
      <caption className="visually-hidden">Reported and calculated balances of {wallet.name}</caption>
      <thead>
        <tr>
          <th scope="col">Asset</th>
          <th scope="col" className="num">
            Reported
          </th>
          <th scope="col" className="num">
            Calculated
          </th>
          <th scope="col">
            <span className="visually-hidden">Difference</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {wallet.reportedBalances.map((row) => {
          const label = assetLabel(row.currency.symbol);
          return (
            <tr
              key={row.currency.uaid}
              data-testid="reported-balance-row"
              data-significant={row.isBalanceDifferenceSignificant ? 'true' : 'false'}
              className={row.isBalanceDifferenceSignificant ? 'reported-balances__row--differs' : undefined}
            >
              <th scope="row">{label}</th>
              <td className="num" title={formatCrypto(row.balance, label, { precise: true })}>
                {formatCrypto(row.balance, label)}
              </td>
              <td className="num" title={formatCrypto(row.calculatedBalance, label, { precise: true })}>
                {formatCrypto(row.calculatedBalance, label)}
              </td>
              <td>
                {row.isBalanceDifferenceSignificant ? (
                  <span className="reported-balances__mark" title="The chain reports a different balance than your transactions add up to: some may be missing.">
                    Differs
                  </span>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
