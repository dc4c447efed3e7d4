import { Link } from 'react-router';
import { LoadFailed } from '@/components/LoadStates';
import { DeleteInviteDocument, SendInviteDocument } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { useUserInfo } from '@/lib/user';
import {
  useIncomingInvites,
  useSentInvites,
  useTaxProAction,
  useTaxProClients,
} from '@/features/tax-pros/api/useTaxPros';
import { formatDay } from '@/features/tax-pros/utils/labels';
import { EmailInviteForm } from './EmailInviteForm';
import { PendingInvites } from './PendingInvites';
import { RequireTaxPro } from './RequireTaxPro';
import { ViewClientButton } from './ViewClientButton';

/** /tax-pros/dashboard and /tax-pros/client-view: the pro's clients (open their books, stop working
 * together), inviting a client, and the invites waiting for an answer. */
export function ClientsDashboard() {
  return (
    <RequireTaxPro>
      <ClientsDashboardContent />
    </RequireTaxPro>
  );
}

function ClientsDashboardContent() {
  const me = useUserInfo().data?.me;
  const clients = useTaxProClients();
  const sent = useSentInvites();
  const incoming = useIncomingInvites();
  const invite = useTaxProAction(
    (email: string) => request(SendInviteDocument, { email, initiator: 'TAX_PRO' }).then((answer) => answer.sendInvite),
    'Invite sent.',
  );
  const remove = useTaxProAction(
    (invitePublicId: string) => request(DeleteInviteDocument, { invitePublicId }).then((answer) => answer.deleteInvite),
  );
  const waiting = incoming.data?.incomingInvites.length ?? 0;
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">Tax pro dashboard</h1>
        <p className="page__subtitle">{me?.email.toLowerCase()}</p>
      </header>
      {waiting > 0 ? (
        <p className="notice notice--info" role="status">
          <Link to="/tax-pros/view-incoming-invites">
            {waiting === 1 ? '1 invite is' : `${waiting} invites are`} waiting for your answer
          </Link>
        </p>
      ) : null}
      <section className="card" aria-labelledby="clients-title">
        <div className="card__header">
          <h2 id="clients-title" className="card__title">
            Clients
          </h2>
        </div>
        {clients.isError ? (
          <LoadFailed title="Your clients could not be loaded." onRetry={() => void clients.refetch()} />
        ) : clients.isPending ? (
          <span className="skeleton skeleton--block" aria-busy="true" />
        ) : clients.data.taxProClients.length === 0 ? (
          <div className="empty-state">
            <p className="empty-state__text">No clients yet. Invite one below, or accept a client's invite.</p>
          </div>
        ) : (
          <div className="table-scroll">
            <table className="data-table" data-testid="tax-pro-clients">
              <thead>
                <tr>
                  <th scope="col">Client</th>
                  <th scope="col">Since</th>
                  <th scope="col">Through</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {clients.data.taxProClients.map((client) => (
                  <tr key={client.userPublicId}>
                    <td>{client.email}</td>
                    <td>{formatDay(client.since)}</td>
                    <td>{client.taxFirmName ?? 'Invite'}</td>
                    <td className="tax-pros__actions">
                      <ViewClientButton clientPublicId={client.userPublicId} email={client.email} />
                      {client.invitePublicId ? (
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          disabled={remove.isPending}
                          onClick={() => remove.mutate(client.invitePublicId as string)}
                        >
                          Stop working together
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="card card--padded" aria-labelledby="invite-client-title">
        <h2 id="invite-client-title" className="card__title">
          Invite a client
        </h2>
        <EmailInviteForm
          label="Client email"
          submitLabel="Send invite"
          pending={invite.isPending}
          onInvite={async (email) => (await invite.mutateAsync(email)).success}
        />
        <PendingInvites title="Invites you sent" invites={sent.data?.sentInvites ?? []} />
      </section>
    </div>
  );
}
