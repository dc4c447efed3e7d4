/** Partner landing pages (/partner/{slug}): who sends the visitor and what they get. */
export interface Partner {
  readonly slug: string;
  readonly name: string;
  readonly offer: string;
}

export const PARTNERS: readonly Partner[] = [
  { slug: 'wk', name: 'Wolters Kluwer', offer: 'Export your crypto tax reports straight into your tax software.' },
  { slug: 'coinbase', name: 'Coinbase', offer: 'Import your Coinbase history in one click and get 20% off your first plan.' },
  { slug: 'ledger', name: 'Ledger', offer: 'Track every address of your hardware wallet and file your taxes.' },
];

export function partnerBySlug(slug: string | undefined): Partner | undefined {
  return PARTNERS.find((partner) => partner.slug === slug);
}
