import type { CatalogueCategory } from './catalogue';

/**
 * The landing pages of spec 001 §2 ("landing pages for tax software, exchanges, wallets, Canada, UK and
 * referrals", and the Coinbase One promotion at /promotion/coinbase-one and /coinbaseone), as data: each
 * is one page at its own path, prerendered like every public page.
 */
export interface Landing {
  readonly path: string;
  readonly title: string;
  readonly description: string;
  readonly heading: string;
  readonly lead: string;
  readonly points: readonly { title: string; text: string }[];
  readonly action: { readonly label: string; readonly to: string };
  /** The catalogue entries the page lists (the exchange and wallet landings). */
  readonly catalogue?: CatalogueCategory;
}

const START = { label: 'Start for free', to: '/signup' } as const;

export const COINBASE_ONE: Landing = {
  path: '/promotion/coinbase-one',
  title: 'Coinbase One offer',
  description: 'Coinbase One members get Cairn crypto tax reports at a member discount.',
  heading: 'Cairn for Coinbase One members',
  lead: 'Coinbase One members get a discount on every Cairn tax plan and import their Coinbase history in one click.',
  points: [
    { title: 'Connect Coinbase', text: 'Sign in with Coinbase and your whole history syncs, no files to download.' },
    { title: 'Member discount', text: 'Your Coinbase One membership takes a discount off every unified tax plan.' },
    { title: 'Every other account too', text: 'Add your other exchanges and wallets for one complete tax report.' },
  ],
  action: { label: 'Claim your offer', to: '/signup' },
};

export const LANDINGS: readonly Landing[] = [
  {
    path: '/crypto-tax-software',
    title: 'Crypto Tax Software',
    description: 'Crypto tax software that imports every wallet and exchange and fills in your tax forms.',
    heading: 'Crypto tax software',
    lead: 'Import every trade, let Cairn work out your cost basis and gains, and download your tax forms.',
    points: [
      { title: 'Every account', text: 'Exchanges by read-only API key, wallets by address, anything else by CSV.' },
      { title: 'Cost basis your way', text: 'FIFO, LIFO, HIFO and more, per wallet or universal.' },
      { title: 'Forms ready to file', text: 'Capital gains, income and a tax summary for each tax year.' },
    ],
    action: START,
  },
  {
    path: '/exchanges',
    title: 'Crypto Exchange Tax Reports',
    description: 'Tax reports for every crypto exchange: connect by read-only API key or import their files.',
    heading: 'Crypto exchange tax reports',
    lead: 'Connect your exchanges with read-only API keys or import their export files; Cairn matches the transfers between them.',
    points: [
      { title: 'Read-only keys', text: 'Cairn can never trade or withdraw with the keys you give it.' },
      { title: 'Transfers matched', text: 'Moving coins between your own accounts is not a sale.' },
    ],
    action: START,
    catalogue: 'Exchange',
  },
  {
    path: '/crypto-wallets',
    title: 'Crypto Wallet Tax Reports',
    description: 'Track and report every crypto wallet: paste an address or an xpub and Cairn syncs it.',
    heading: 'Crypto wallet tax reports',
    lead: 'Paste a public address or an xpub and Cairn reads the wallet’s history straight from its blockchain.',
    points: [
      { title: 'No keys needed', text: 'A public address is all Cairn needs; your coins never move.' },
      { title: 'Hardware wallets', text: 'One xpub brings in every address of an HD wallet.' },
    ],
    action: { label: 'Look up a wallet', to: '/wallet' },
    catalogue: 'Wallet',
  },
  {
    path: '/canada',
    title: 'Crypto Tax Canada',
    description: 'Crypto taxes for Canada: adjusted cost base and the superficial loss rule, worked out for you.',
    heading: 'Crypto tax software for Canada',
    lead: 'Cairn works out your adjusted cost base (ACB) across every account and applies the superficial loss rule.',
    points: [
      { title: 'Adjusted cost base', text: 'One average cost per coin across all your wallets and exchanges.' },
      { title: 'Superficial losses', text: 'A loss you buy back within 30 days is denied and added to the cost base.' },
      { title: 'Amounts in CAD', text: 'Gains and income in Canadian dollars for your return.' },
    ],
    action: START,
  },
  {
    path: '/uk',
    title: 'Crypto Tax UK',
    description: 'Crypto taxes for the UK: share pooling with the same-day, 30-day and section 104 rules.',
    heading: 'Crypto tax software for the UK',
    lead: 'Cairn applies HMRC share pooling: same-day matching, the 30-day bed and breakfast rule and the section 104 pool.',
    points: [
      { title: 'Share pooling', text: 'Same day, then 30 days, then the section 104 pool, in HMRC’s order.' },
      { title: 'Amounts in GBP', text: 'Gains and income in pounds sterling for your self assessment.' },
    ],
    action: START,
  },
  {
    path: '/referrals',
    title: 'Referrals',
    description: 'Invite friends to Cairn and earn up to $500 when they buy a plan.',
    heading: 'Earn up to $500',
    lead: 'Share your referral link: your friends get a discount on their first plan and you earn a reward for each one.',
    points: [
      { title: 'Share your link', text: 'Find your referral link in the app once you have signed up.' },
      { title: 'They save', text: 'Friends who sign up with your link get a discount on their first plan.' },
      { title: 'You earn', text: 'Earn up to $500 in rewards from the plans your friends buy.' },
    ],
    action: START,
  },
  COINBASE_ONE,
];

/** /coinbaseone is the Coinbase One promotion under its short address. */
export const LANDING_ALIASES: Readonly<Record<string, string>> = { '/coinbaseone': COINBASE_ONE.path };

export function landingAt(path: string): Landing | undefined {
  const target = LANDING_ALIASES[path] ?? path;
  return LANDINGS.find((landing) => landing.path === target);
}
