import type { TransactionRowFieldsFragment } from '@/gql/graphql';
import { formatCrypto } from '@/lib/format';

type Flow = TransactionRowFieldsFragment['flows'][number];

/** Flows of one side of a transaction (received, sent or fees), one a line. */
export function FlowList({ flows, empty = '—' }: { flows: readonly Flow[]; empty?: string }) {
  if (flows.length === 0) return <span className="muted">{empty}</span>;
  return (
    <ul className="flow-list">
      {flows.map((flow) => (
        <li key={flow.id}>{formatCrypto(flow.quantity, flow.asset)}</li>
      ))}
    </ul>
  );
}
