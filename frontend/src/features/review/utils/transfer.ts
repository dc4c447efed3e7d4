/**
 * Transfer legs to review: a send (crypto leaving an account) or a receive (crypto entering one)
 * that transfer matching left unmatched or matched with less than full confidence. The user links
 * a send to a receive by hand, or unlinks a pair.
 */
import type { TransactionsQuery } from '@/gql/graphql';
import { formatCrypto } from '@/lib/format';

export type ReviewTransaction = TransactionsQuery['transactions']['items'][number];
export type LegSide = 'send' | 'receive';

/** Transactions to review per page (spec 000 §9: transaction page size 50). */
export const REVIEW_PAGE_SIZE = 50;

export const LINK_SUCCESS = 'Transfer linked.';
export const UNLINK_SUCCESS = 'Transfer unlinked.';
export const LINK_ERROR = 'There was a problem while linking the transfer. Please try again.';
export const UNLINK_ERROR = 'There was a problem while unlinking the transfer. Please try again.';

function mainFlows(transaction: ReviewTransaction) {
  return transaction.flows.filter((flow) => !flow.isFee);
}

/** A flow's direction as the API writes it: INFLOW or OUTFLOW. */
function isOutflow(direction: string): boolean {
  return direction.toUpperCase() === 'OUTFLOW';
}

/** send when the leg's crypto goes out, receive when it comes in; null when it is neither. */
export function legSide(transaction: ReviewTransaction): LegSide | null {
  const directions = new Set(mainFlows(transaction).map((flow) => flow.direction.toUpperCase()));
  if (directions.size !== 1) return null;
  return directions.has('OUTFLOW') ? 'send' : directions.has('INFLOW') ? 'receive' : null;
}

export function legAssets(transaction: ReviewTransaction): string[] {
  return [...new Set(mainFlows(transaction).map((flow) => flow.asset))];
}

/** The ids for linkTransfer / unlinkTransfer, whichever side `transaction` is on. */
export function transferPair(transaction: ReviewTransaction, otherId: string): { sendTransactionId: string; receiveTransactionId: string } {
  return legSide(transaction) === 'receive'
    ? { sendTransactionId: otherId, receiveTransactionId: transaction.id }
    : { sendTransactionId: transaction.id, receiveTransactionId: otherId };
}

/**
 * Legs that could complete `transaction` as a transfer: the other side, not yet linked, in
 * another account, moving one of the same assets; earliest first relative to the leg's time.
 */
export function linkCandidates(transaction: ReviewTransaction, others: readonly ReviewTransaction[]): ReviewTransaction[] {
  const side = legSide(transaction);
  if (!side) return [];
  const assets = new Set(legAssets(transaction));
  const time = Date.parse(transaction.timestamp);
  return others
    .filter(
      (other) =>
        other.id !== transaction.id &&
        other.accountId !== transaction.accountId &&
        !other.linkedTransactionId &&
        legSide(other) === (side === 'send' ? 'receive' : 'send') &&
        legAssets(other).some((asset) => assets.has(asset)),
    )
    .sort((a, b) => Math.abs(Date.parse(a.timestamp) - time) - Math.abs(Date.parse(b.timestamp) - time) || a.id.localeCompare(b.id));
}

/** One-line description of a transaction's flows: '−0.5 BTC, fee 0.0001 BTC'. */
export function flowsText(transaction: ReviewTransaction): string {
  return transaction.flows
    .map((flow) => {
      const amount = formatCrypto(flow.quantity, flow.asset);
      if (flow.isFee) return `fee ${amount}`;
      return `${isOutflow(flow.direction) ? '−' : '+'}${amount}`;
    })
    .join(', ');
}
