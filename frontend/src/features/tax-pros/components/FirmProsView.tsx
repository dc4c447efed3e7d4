import { Link } from 'react-router';
import { LoadFailed, PageLoading } from '@/components/LoadStates';
import { useTaxFirm, useTaxFirmMembers } from '@/features/tax-pros/api/useTaxPros';
import { ROLE_LABELS } from '@/features/tax-pros/utils/labels';
import { RequireTaxPro } from './RequireTaxPro';

/** /tax-pros/tax-pro-view: the firm's tax pros and the clients each works with. */
export function FirmProsView() {
  return (
    <RequireTaxPro>
      <FirmProsContent />
    </RequireTaxPro>
  );
}

function FirmProsContent() {
  const firm = useTaxFirm();
  if (firm.isError) return <LoadFailed title="Your firm could not be loaded." onRetry={() => void firm.refetch()} />;
  if (firm.isPending) return <PageLoading />;
  const mine = firm.data.taxFirm;
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">Tax pros</h1>
        {mine ? <p className="page__subtitle">{mine.name}</p> : null}
      </header>
      {mine ? (
        <Members firmId={mine.publicId} />
      ) : (
        <div className="empty-state">
          <p className="empty-state__text">
            You work alone. <Link to="/tax-pros/firm-view">Create or join a firm</Link> to work with other tax pros.
          </p>
        </div>
      )}
    </div>
  );
}

function Members({ firmId }: { firmId: string }) {
  const members = useTaxFirmMembers(firmId);
  if (members.isError) return <LoadFailed title="The tax pros could not be loaded." onRetry={() => void members.refetch()} />;
  if (members.isPending) return <span className="skeleton skeleton--block" aria-busy="true" />;
  return (
    <ul className="tax-pros__cards" aria-label="Tax pros">
      {(members.data.taxFirmMembers ?? []).map((member) => (
        <li key={member.userPublicId} className="card card--padded">
          <h2 className="card__title">{member.email}</h2>
          <p className="muted">{ROLE_LABELS[member.role]}</p>
          <p>{member.clients.length ? member.clients.map((client) => client.email).join(', ') : 'No clients yet.'}</p>
        </li>
      ))}
    </ul>
  );
}
