import type { TransactionRowFieldsFragment } from '@/gql/graphql';

type Flow = TransactionRowFieldsFragment['flows'][number];

/** A transaction's flows as its row shows them: received, sent, and fees. */
export function sides(flows: readonly Flow[]) {
  return {
    received: flows.filter((flow) => flow.direction === 'INFLOW' && !flow.isFee),
    sent: flows.filter((flow) => flow.direction === 'OUTFLOW' && !flow.isFee),
    fees: flows.filter((flow) => flow.isFee),
  };
}
