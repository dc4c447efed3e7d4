import type { InviteInitiator, InviteKind, TaxFirmRole } from '@/gql/graphql';

/** Display names of the firm roles (spec 001 §3 TAX_FIRM_ADMIN, TAX_PRO). */
export const ROLE_LABELS: Record<TaxFirmRole, string> = { TAX_FIRM_ADMIN: 'Firm admin', TAX_PRO: 'Tax pro' };

/** What an incoming invite asks of its reader. */
export function inviteLabel(kind: InviteKind, initiator: InviteInitiator, firmName: string | null): string {
  if (kind === 'TAX_FIRM') return `Join the firm ${firmName ?? ''}`.trim();
  return initiator === 'CLIENT' ? 'Work on their books as their tax professional' : 'Let them work on your books';
}

export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
