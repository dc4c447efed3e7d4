import { LoadFailed } from '@/components/LoadStates';
import { AcceptInviteDocument, DeleteInviteDocument, type IncomingInvitesQuery } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { useIncomingInvites, useTaxProAction } from '@/features/tax-pros/api/useTaxPros';
import { formatDay, inviteLabel } from '@/features/tax-pros/utils/labels';

type Invite = IncomingInvitesQuery['incomingInvites'][number];

/** Invites waiting for the user's answer, Accept or Decline (spec 001 §4: sent, accepted, deleted).
 * `only` keeps those a client answers (from tax pros) or those a pro answers (from clients, firms). */
export function IncomingInviteList({ only }: { only?: 'client' | 'taxPro' }) {
  const incoming = useIncomingInvites();
  const accept = useTaxProAction(
    (invitePublicId: string) => request(AcceptInviteDocument, { invitePublicId }).then((answer) => answer.acceptInvite),
    'Invite accepted.',
  );
  const decline = useTaxProAction(
    (invitePublicId: string) => request(DeleteInviteDocument, { invitePublicId }).then((answer) => answer.deleteInvite),
    'Invite declined.',
  );
  if (incoming.isError) return <LoadFailed title="Your invites could not be loaded." onRetry={() => void incoming.refetch()} />;
  if (incoming.isPending) return <span className="skeleton skeleton--block" aria-busy="true" />;
  const forClient = (invite: Invite) => invite.kind === 'CLIENT_TAX_PRO' && invite.initiator === 'TAX_PRO';
  const invites = incoming.data.incomingInvites.filter((invite) =>
    only === 'client' ? forClient(invite) : only === 'taxPro' ? !forClient(invite) : true,
  );
  if (!invites.length) {
    return (
      <div className="empty-state">
        <p className="empty-state__text">No invites are waiting for you.</p>
      </div>
    );
  }
  return (
    <ul className="tax-pros__list" aria-label="Incoming invites" data-testid="incoming-invites">
      {invites.map((invite) => (
        <li key={invite.publicId}>
          <span>
            <strong>{invite.email}</strong> — {inviteLabel(invite.kind, invite.initiator, invite.taxFirmName)}
          </span>
          <span className="muted">{formatDay(invite.createdAt)}</span>
          <span className="tax-pros__actions">
            <button
              type="button"
              className="button button--primary button--small"
              disabled={accept.isPending}
              onClick={() => accept.mutate(invite.publicId)}
            >
              Accept
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={decline.isPending}
              onClick={() => decline.mutate(invite.publicId)}
            >
              Decline
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** /tax-pros/view-incoming-invites. */
export function IncomingInvitesPage() {
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">Incoming invites</h1>
      </header>
      <section className="card card--padded">
        <IncomingInviteList only="taxPro" />
      </section>
    </div>
  );
}
