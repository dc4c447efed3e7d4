import { BLOG_POSTS } from './blog';
import { CONTENT_PAGES } from './contentPages';
import { LANDING_ALIASES, LANDINGS, landingAt } from './landings';
import { HELP_CENTER_URL } from './links';
import { DEFAULT_TITLE, type PageMeta } from './meta';
import { PARTNERS } from './partners';

/** Title and description of each fixed public page; the pages and the prerender step both read them. */
export const PAGE_META = {
  home: {
    title: DEFAULT_TITLE,
    description: 'Track your crypto portfolio across every wallet and exchange and file your crypto taxes.',
  },
  features: {
    title: 'Features',
    description: 'How Cairn works: connect your accounts, review transactions, and download your tax reports.',
  },
  pricing: {
    title: 'Pricing',
    description: 'Crypto tax plans for every portfolio: Free, Base, Prime, Ultra and full service.',
  },
  integrations: {
    title: 'Integrations',
    description: 'Cairn connects to the exchanges, wallets and blockchains you use.',
  },
  blog: { title: 'Blog', description: 'Guides and news on crypto taxes and portfolio tracking.' },
  learn: { title: 'Learn', description: 'Crypto tax guides for individuals and tax professionals.' },
  calculator: {
    title: 'Crypto Profit Calculator',
    description: 'Work out the profit or loss of a crypto trade, fees included.',
  },
  portfolioTracker: {
    title: 'Crypto Portfolio Tracker',
    description: 'Every wallet and exchange in one portfolio: balances, performance and history.',
  },
  enterprise: {
    title: 'Enterprise',
    description: 'Crypto tax and cost basis software for tax firms, exchanges and enterprises.',
  },
  scheduleDemo: {
    title: 'Book your demo',
    description: 'Book a demo of Cairn for tax firms, exchanges and enterprises.',
  },
  fullService: {
    title: 'Full service',
    description: 'Let a tax professional prepare your crypto taxes with Cairn full service.',
  },
  testimonials: { title: 'Testimonials', description: 'What Cairn users say about their crypto taxes.' },
  provisionSuccess: { title: 'Provisioned', description: 'Your user is provisioned.' },
  provisionError: { title: 'Provisioning failed', description: 'Your user could not be provisioned.' },
  support: { title: 'Support', description: 'The Cairn help center: answers, guides and how to contact support.' },
  walletLookup: {
    title: 'Crypto wallet lookup',
    description: 'Paste a public address, choose its coin and see the wallet’s balance.',
  },
  swap: { title: 'Swap crypto', description: 'How swapping one cryptocurrency for another is taxed.' },
  taxProfessionals: {
    title: 'Crypto tax software for tax professionals',
    description: 'Invite your clients, work on their books with them and prepare their crypto tax reports, alone or as a firm.',
  },
} satisfies Record<string, PageMeta>;

export interface PrerenderedPage extends PageMeta {
  readonly path: string;
  /** An external address the page sends the visitor to, without JavaScript too (a meta refresh). */
  readonly redirect?: string;
}

const FIXED: readonly [string, PageMeta][] = [
  ['/home', PAGE_META.home],
  ['/features', PAGE_META.features],
  ['/plans', PAGE_META.pricing],
  ['/integrations', PAGE_META.integrations],
  ['/blog', PAGE_META.blog],
  ['/learn', PAGE_META.learn],
  ['/calculator', PAGE_META.calculator],
  ['/portfolio-tracker', PAGE_META.portfolioTracker],
  ['/enterprise', PAGE_META.enterprise],
  ['/enterprise/schedule-demo', PAGE_META.scheduleDemo],
  ['/get/full-service', PAGE_META.fullService],
  ['/get/testimonials', PAGE_META.testimonials],
  ['/provision/success', PAGE_META.provisionSuccess],
  ['/provision/error', PAGE_META.provisionError],
  ['/swap', PAGE_META.swap],
  ['/wallet', PAGE_META.walletLookup],
  ['/tax-professionals', PAGE_META.taxProfessionals],
];

/** Every public page written to dist/<path>/index.html at build time. */
export function prerenderedPages(): PrerenderedPage[] {
  return [
    ...FIXED.map(([path, meta]) => ({ path, ...meta })),
    ...BLOG_POSTS.map((post) => ({ path: post.href, title: post.title, description: post.excerpt })),
    ...Object.values(CONTENT_PAGES).map((page) => ({
      path: `/${page.slug}`,
      title: page.title,
      description: page.description,
    })),
    { path: '/support', ...PAGE_META.support, redirect: HELP_CENTER_URL },
    ...[...LANDINGS.map((landing) => landing.path), ...Object.keys(LANDING_ALIASES)].flatMap((path) => {
      const landing = landingAt(path);
      return landing ? [{ path, title: landing.title, description: landing.description }] : [];
    }),
    ...PARTNERS.map((partner) => ({
      path: `/partner/${partner.slug}`,
      title: `${partner.name} partnership`,
      description: partner.offer,
    })),
  ];
}
