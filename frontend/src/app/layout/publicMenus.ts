import { HELP_CENTER_URL, STATUS_URL } from '@/features/public-site/utils/links';

/** The public top bars and footer of spec 001 §2, as data; `external` links leave the site. */
export interface MenuLink {
  readonly label: string;
  readonly to: string;
  readonly external?: boolean;
  readonly badge?: string;
}

export interface MenuGroup {
  readonly label: string;
  readonly links: readonly MenuLink[];
}

export const TAX_GUIDE = '/blog/crypto-tax-guide';
const SUPPORT: MenuLink = { label: 'Support', to: HELP_CENTER_URL, external: true };

export const PERSONAL_MENU: readonly MenuGroup[] = [
  {
    label: 'Features',
    links: [
      { label: 'How it works', to: '/features' },
      { label: 'Crypto prices', to: '/prices' },
      { label: 'Integrations', to: '/integrations' },
      { label: 'Crypto wallet lookup', to: '/wallet' },
      { label: 'Trade calculator', to: '/calculator' },
      { label: 'Portfolio tracker', to: '/portfolio-tracker' },
      { label: 'Tax professionals', to: '/tax-professionals' },
    ],
  },
  {
    label: 'Learn',
    links: [
      { label: 'Tax guide', to: TAX_GUIDE },
      { label: 'Crypto glossary', to: '/learn' },
      { label: 'Blog', to: '/blog' },
      SUPPORT,
    ],
  },
];

export const ENTERPRISE_MENU: readonly MenuGroup[] = [
  {
    label: 'Learn',
    links: [{ label: 'Tax guide', to: TAX_GUIDE }, { label: 'Blog', to: '/blog' }, SUPPORT],
  },
];

export const FOOTER_GROUPS: readonly MenuGroup[] = [
  {
    label: 'Product',
    links: [
      { label: 'How it works', to: '/features' },
      { label: 'Pricing', to: '/plans' },
      { label: 'Full service', to: '/get/full-service' },
      { label: 'Integrations', to: '/integrations' },
      { label: 'Profit calculator', to: '/calculator' },
      { label: 'Portfolio tracker', to: '/portfolio-tracker' },
    ],
  },
  {
    label: 'Resources',
    links: [
      { label: 'Crypto prices', to: '/prices' },
      { label: 'Wallet lookup', to: '/wallet' },
      { label: 'Blog', to: '/blog' },
      { label: 'Tax guide', to: TAX_GUIDE },
      { label: 'Glossary', to: '/learn' },
      { label: 'Help center', to: HELP_CENTER_URL, external: true },
    ],
  },
  {
    label: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Brand', to: '/about' },
      { label: 'Careers', to: '/careers', badge: 'Hiring' },
      { label: 'Testimonials', to: '/get/testimonials' },
    ],
  },
  {
    label: 'Legal',
    links: [
      { label: 'Privacy policy', to: '/privacy' },
      { label: 'Terms', to: '/terms' },
      { label: 'Disclaimer', to: '/disclaimer' },
      { label: 'Security', to: '/security' },
      { label: 'Status', to: STATUS_URL, external: true },
    ],
  },
];

/** Spec 001 §2: Enterprise mode when the path contains the enterprise segment. */
export function isEnterprisePath(pathname: string): boolean {
  return pathname.split('/').includes('enterprise');
}
