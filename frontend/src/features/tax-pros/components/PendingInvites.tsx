import { DeleteInviteDocument } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { useTaxProAction } from '@/features/tax-pros/api/useTaxPros';
import { formatDay } from '@/features/tax-pros/utils/labels';

interface SentInvite {
  publicId: string;
  email: string;
  createdAt: string;
}

/** Invites sent and not answered yet, each with Delete. */
export function PendingInvites({ title, invites }: { title: string; invites: SentInvite[] }) {
  const remove = useTaxProAction(
    (invitePublicId: string) => request(DeleteInviteDocument, { invitePublicId }).then((answer) => answer.deleteInvite),
    'Invite deleted.',
  );
  if (!invites.length) return null;
  return (
    <div className="tax-pros__pending">
      <h3 className="field__label">{title}</h3>
      <ul className="tax-pros__list" aria-label={title}>
        {invites.map((invite) => (
          <li key={invite.publicId}>
            <span>{invite.email}</span>
            <span className="muted">sent {formatDay(invite.createdAt)}</span>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={remove.isPending}
              onClick={() => remove.mutate(invite.publicId)}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
