import { LoadFailed } from '@/components/LoadStates';
import { DeleteInviteDocument, SendInviteDocument } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { useUserInfo } from '@/lib/user';
import { useSentInvites, useTaxProAction, useTaxPros } from '@/features/tax-pros/api/useTaxPros';
import { formatDay } from '@/features/tax-pros/utils/labels';
import { EmailInviteForm } from './EmailInviteForm';
import { IncomingInviteList } from './IncomingInvites';
import { PendingInvites } from './PendingInvites';

export const NOT_ON_BEHALF = "You can't view this page on behalf of a user";

/** /user/profile/tax-professionals ("Add a tax professional", spec 001 §2): a client invites a tax
 * professional by e-mail, answers pros' invites, and sees and removes who works on their books. */
export function AddTaxProfessional() {
  const me = useUserInfo().data?.me;
  const pros = useTaxPros();
  const sent = useSentInvites();
  const invite = useTaxProAction(
    (email: string) => request(SendInviteDocument, { email, initiator: 'CLIENT' }).then((answer) => answer.sendInvite),
    'Invite sent. Your tax professional sees it when they sign in with that email.',
  );
  const remove = useTaxProAction(
    (invitePublicId: string) => request(DeleteInviteDocument, { invitePublicId }).then((answer) => answer.deleteInvite),
    'They no longer have access to your books.',
  );
  if (me?.viewAsUserId) {
    return (
      <div className="page">
        <p className="notice notice--warning">{NOT_ON_BEHALF}</p>
      </div>
    );
  }
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">Add a tax professional</h1>
        <p className="page__subtitle">
          A tax professional you invite can open your books, review and fix transactions and prepare your tax reports.
        </p>
      </header>
      <section className="card card--padded" aria-labelledby="invite-pro-title">
        <h2 id="invite-pro-title" className="card__title">
          Invite a tax professional
        </h2>
        <EmailInviteForm
          label="Tax professional's email"
          submitLabel="Send invite"
          pending={invite.isPending}
          onInvite={async (email) => (await invite.mutateAsync(email)).success}
        />
        <PendingInvites title="Invites you sent" invites={sent.data?.sentInvites ?? []} />
      </section>
      <section className="card card--padded" aria-labelledby="pro-invites-title">
        <h2 id="pro-invites-title" className="card__title">
          Invites from tax professionals
        </h2>
        <IncomingInviteList only="client" />
      </section>
      <section className="card card--padded" aria-labelledby="your-pros-title">
        <h2 id="your-pros-title" className="card__title">
          Your tax professionals
        </h2>
        {pros.isError ? (
          <LoadFailed title="Your tax professionals could not be loaded." onRetry={() => void pros.refetch()} />
        ) : pros.isPending ? (
          <span className="skeleton skeleton--block" aria-busy="true" />
        ) : pros.data.taxPros.length === 0 ? (
          <p className="muted">No tax professional works on your books.</p>
        ) : (
          <ul className="tax-pros__list" aria-label="Your tax professionals">
            {pros.data.taxPros.map((pro) => (
              <li key={pro.userPublicId}>
                <span>
                  <strong>{pro.email}</strong>
                  {pro.taxFirmName ? ` — ${pro.taxFirmName}` : ''}
                </span>
                <span className="muted">since {formatDay(pro.since)}</span>
                {pro.invitePublicId ? (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(pro.invitePublicId as string)}
                  >
                    Remove
                  </button>
                ) : (
                  <span className="muted">assigned by the firm</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
