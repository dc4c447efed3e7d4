import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LoadFailed, PageLoading } from '@/components/LoadStates';
import {
  AddTaxFirmAdminDocument,
  AddTaxProForClientDocument,
  DeleteTaxFirmMemberDocument,
  EditTaxFirmDocument,
  LeaveTaxFirmDocument,
  RegisterAsTaxProDocument,
  RemoveTaxFirmAdminDocument,
  RemoveTaxProForClientDocument,
  SendTaxFirmInviteDocument,
  type TaxFirmMembersQuery,
  type TaxFirmQuery,
} from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { useUserInfo } from '@/lib/user';
import { useTaxFirm, useTaxFirmInvites, useTaxFirmMembers, useTaxProAction } from '@/features/tax-pros/api/useTaxPros';
import { ROLE_LABELS } from '@/features/tax-pros/utils/labels';
import { TAX_PRO_DASHBOARD } from '@/features/tax-pros/utils/links';
import { EmailInviteForm } from './EmailInviteForm';
import { PendingInvites } from './PendingInvites';
import { RequireTaxPro } from './RequireTaxPro';

type Firm = NonNullable<TaxFirmQuery['taxFirm']>;
type Member = NonNullable<TaxFirmMembersQuery['taxFirmMembers']>[number];

/** /tax-pros/firm-view[/{taxFirmPublicId}]: the user's firm. Members see who works with which client;
 * admins edit the firm, invite pros, change roles, remove members and add or remove a pro for a client
 * (spec 001 §6); any member may leave. Another firm's id is not found. */
export function FirmView({ taxFirmPublicId }: { taxFirmPublicId?: string }) {
  return (
    <RequireTaxPro>
      <FirmViewContent taxFirmPublicId={taxFirmPublicId} />
    </RequireTaxPro>
  );
}

function FirmViewContent({ taxFirmPublicId }: { taxFirmPublicId?: string }) {
  const firm = useTaxFirm();
  if (firm.isError) return <LoadFailed title="Your firm could not be loaded." onRetry={() => void firm.refetch()} />;
  if (firm.isPending) return <PageLoading />;
  const mine = firm.data.taxFirm;
  if (!mine) return <FoundFirm />;
  if (taxFirmPublicId !== mine.publicId) {
    if (taxFirmPublicId) {
      return (
        <div className="page">
          <div className="empty-state" role="alert">
            <p className="empty-state__title">Firm not found</p>
          </div>
        </div>
      );
    }
    return <Navigate to={`/tax-pros/firm-view/${mine.publicId}`} replace />;
  }
  return <FirmPage firm={mine} />;
}

function FoundFirm() {
  const cpa = useUserInfo().data?.me?.isCpa ?? false;
  const [name, setName] = useState('');
  const found = useTaxProAction(
    (firmName: string) => request(RegisterAsTaxProDocument, { isCpa: cpa, firmName }).then((answer) => answer.registerAsTaxPro),
    'Firm created.',
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) found.mutate(name.trim());
  };
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">Firm</h1>
        <p className="page__subtitle">You don't belong to a firm. Accept a firm's invite, or create one.</p>
      </header>
      <form className="card card--padded form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">Firm name</span>
          <input className="input" value={name} maxLength={200} required onChange={(event) => setName(event.target.value)} />
        </label>
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={found.isPending}>
            Create firm
          </button>
        </div>
      </form>
    </div>
  );
}

function FirmPage({ firm }: { firm: Firm }) {
  const admin = firm.role === 'TAX_FIRM_ADMIN';
  const navigate = useNavigate();
  const members = useTaxFirmMembers(firm.publicId);
  const invites = useTaxFirmInvites(firm.publicId, admin);
  const ids = { taxFirmPublicId: firm.publicId };
  const invite = useTaxProAction(
    (email: string) => request(SendTaxFirmInviteDocument, { ...ids, email }).then((answer) => answer.sendTaxFirmInvite),
    'Invite sent.',
  );
  const leave = useTaxProAction(() => request(LeaveTaxFirmDocument, ids).then((answer) => answer.leaveTaxFirm), 'You left the firm.');
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{firm.name}</h1>
        {firm.description ? <p className="page__subtitle">{firm.description}</p> : null}
      </header>
      {admin ? <FirmDetails firm={firm} /> : null}
      <section className="card" aria-labelledby="members-title">
        <div className="card__header">
          <h2 id="members-title" className="card__title">
            Members
          </h2>
        </div>
        {members.isError ? (
          <LoadFailed title="The members could not be loaded." onRetry={() => void members.refetch()} />
        ) : members.isPending ? (
          <span className="skeleton skeleton--block" aria-busy="true" />
        ) : (
          <MembersTable firm={firm} members={members.data.taxFirmMembers ?? []} admin={admin} />
        )}
      </section>
      {admin ? (
        <>
          <section className="card card--padded" aria-labelledby="invite-pro-title">
            <h2 id="invite-pro-title" className="card__title">
              Invite a tax pro
            </h2>
            <EmailInviteForm
              label="Tax pro email"
              submitLabel="Send invite"
              pending={invite.isPending}
              onInvite={async (email) => (await invite.mutateAsync(email)).success}
            />
            <PendingInvites title="Pending invites" invites={invites.data?.taxFirmInvites ?? []} />
          </section>
          <AssignClient firm={firm} members={members.data?.taxFirmMembers ?? []} />
        </>
      ) : null}
      <div>
        <button
          type="button"
          className="button button--danger"
          disabled={leave.isPending}
          onClick={() =>
            void leave.mutateAsync(undefined).then((answer) => {
              if (answer.success) navigate(TAX_PRO_DASHBOARD);
            })
          }
        >
          Leave firm
        </button>
      </div>
    </div>
  );
}

function FirmDetails({ firm }: { firm: Firm }) {
  const [name, setName] = useState(firm.name);
  const [description, setDescription] = useState(firm.description ?? '');
  const [emailSuffix, setEmailSuffix] = useState(firm.emailSuffix ?? '');
  const edit = useTaxProAction(
    () =>
      request(EditTaxFirmDocument, {
        taxFirmPublicId: firm.publicId,
        name,
        description: description || null,
        emailSuffix: emailSuffix || null,
      }).then((answer) => answer.editTaxFirm),
    'Firm saved.',
  );
  return (
    <form
      className="card card--padded form"
      aria-label="Edit firm"
      onSubmit={(event) => {
        event.preventDefault();
        edit.mutate(undefined);
      }}
    >
      <label className="field">
        <span className="field__label">Name</span>
        <input className="input" value={name} maxLength={200} required onChange={(event) => setName(event.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">Description</span>
        <input className="input" value={description} maxLength={2000} onChange={(event) => setDescription(event.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">Email suffix</span>
        <input className="input" value={emailSuffix} maxLength={255} placeholder="@yourfirm.com" onChange={(event) => setEmailSuffix(event.target.value)} />
      </label>
      <p className="muted">Tax plan discount for your clients: {firm.taxPlanDiscountPercent}%</p>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={edit.isPending}>
          Save firm
        </button>
      </div>
    </form>
  );
}

function MembersTable({ firm, members, admin }: { firm: Firm; members: Member[]; admin: boolean }) {
  const ids = { taxFirmPublicId: firm.publicId };
  const makeAdmin = useTaxProAction((userPublicId: string) =>
    request(AddTaxFirmAdminDocument, { ...ids, userPublicId }).then((answer) => answer.addTaxFirmAdmin),
  );
  const removeAdmin = useTaxProAction((userPublicId: string) =>
    request(RemoveTaxFirmAdminDocument, { ...ids, userPublicId }).then((answer) => answer.removeTaxFirmAdmin),
  );
  const removeMember = useTaxProAction(
    (userPublicId: string) => request(DeleteTaxFirmMemberDocument, { ...ids, userPublicId }).then((answer) => answer.deleteTaxFirmMember),
    'Member removed.',
  );
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="firm-members">
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Role</th>
            <th scope="col">Clients</th>
            {admin ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.userPublicId}>
              <td>{member.email}</td>
              <td>{ROLE_LABELS[member.role]}</td>
              <td>{member.clients.map((client) => client.email).join(', ') || '—'}</td>
              {admin ? (
                <td className="tax-pros__actions">
                  {member.role === 'TAX_FIRM_ADMIN' ? (
                    <button type="button" className="button button--ghost button--small" onClick={() => removeAdmin.mutate(member.userPublicId)}>
                      Remove admin
                    </button>
                  ) : (
                    <button type="button" className="button button--ghost button--small" onClick={() => makeAdmin.mutate(member.userPublicId)}>
                      Make admin
                    </button>
                  )}
                  <button type="button" className="button button--ghost button--small" onClick={() => removeMember.mutate(member.userPublicId)}>
                    Remove
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Add or remove a member pro for one of the firm's clients (a client of any member). */
function AssignClient({ firm, members }: { firm: Firm; members: Member[] }) {
  const clients = [...new Map(members.flatMap((member) => member.clients).map((client) => [client.userPublicId, client])).values()];
  const [client, setClient] = useState('');
  const [pro, setPro] = useState('');
  const variables = { taxFirmPublicId: firm.publicId, clientPublicId: client, taxProPublicId: pro };
  const add = useTaxProAction(
    () => request(AddTaxProForClientDocument, variables).then((answer) => answer.addTaxProForClient),
    'Tax pro added for the client.',
  );
  const remove = useTaxProAction(
    () => request(RemoveTaxProForClientDocument, variables).then((answer) => answer.removeTaxProForClient),
    'Tax pro removed for the client.',
  );
  const ready = Boolean(client && pro) && !add.isPending && !remove.isPending;
  return (
    <section className="card card--padded form" aria-labelledby="assign-title">
      <h2 id="assign-title" className="card__title">
        Tax pros for a client
      </h2>
      <label className="field">
        <span className="field__label">Client</span>
        <select className="input" value={client} onChange={(event) => setClient(event.target.value)}>
          <option value="">Choose a client</option>
          {clients.map((option) => (
            <option key={option.userPublicId} value={option.userPublicId}>
              {option.email}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">Tax pro</span>
        <select className="input" value={pro} onChange={(event) => setPro(event.target.value)}>
          <option value="">Choose a tax pro</option>
          {members.map((member) => (
            <option key={member.userPublicId} value={member.userPublicId}>
              {member.email}
            </option>
          ))}
        </select>
      </label>
      <div className="form__actions">
        <button type="button" className="button button--primary" disabled={!ready} onClick={() => add.mutate(undefined)}>
          Add tax pro for client
        </button>
        <button type="button" className="button button--ghost" disabled={!ready} onClick={() => remove.mutate(undefined)}>
          Remove tax pro for client
        </button>
      </div>
    </section>
  );
}
