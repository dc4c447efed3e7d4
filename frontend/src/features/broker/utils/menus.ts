/**
 * The broker demo's menus (spec 001 §2): three layouts — the normal portal, the broker portal (the Tax
 * Center top bar) and the consumer view of broker mode (a reduced sidebar with the demo-only group) —
 * and the broker mode account menu. Broker mode is enableCbe with isBroker.
 */
import type { ViewMode } from './viewMode';

export type MenuLayout = 'normal' | 'broker-portal' | 'consumer-view';

export interface CbeFlags {
  enableCbe: boolean;
  isBroker: boolean;
}

export interface MenuItem {
  label: string;
  to: string;
}

export interface TopBarItem extends MenuItem {
  items?: readonly MenuItem[];
}

/** Spec 001 §9: the broker sidebar uses 2025. */
export const BROKER_TAX_YEAR = 2025;
export const DEMO_BROKER_ID = 'cbe_demo';
export const BROKER_HOME = '/users-overview';
export const CONSUMER_HOME = '/home';

export function menuLayout(user: CbeFlags | null | undefined, mode: ViewMode | null): MenuLayout {
  if (!user?.enableCbe) return 'normal';
  return user.isBroker && mode !== 'consumer' ? 'broker-portal' : 'consumer-view';
}

export function isBrokerMode(user: CbeFlags | null | undefined): boolean {
  return Boolean(user?.enableCbe && user.isBroker);
}

/** The Tax Center top bar: Wallets is labelled Connect and shown only if the broker allows it. */
export function taxCenterItems(allowUserWalletConnect: boolean): TopBarItem[] {
  return [
    { label: 'Home', to: BROKER_HOME },
    ...(allowUserWalletConnect ? [{ label: 'Connect', to: '/wallets' }] : []),
    {
      label: 'Tax Lots',
      to: '/tax-lots',
      items: [
        { label: 'Available Lots', to: '/tax-lots' },
        { label: 'Disposed Lots', to: '/disposed-lots' },
        { label: 'Tax Loss Harvest', to: '/tax-loss-harvest' },
      ],
    },
  ];
}

export type AccountMenuEntry =
  | { kind: 'link'; label: string; to: string }
  | { kind: 'switch'; label: string; mode: ViewMode; to: string }
  | { kind: 'sign-out'; label: string }
  | { kind: 'reset'; label: string };

/** The broker mode account menu, in the spec's order: the switch to the other portal, Settings, Sign
 * out and Reset demo account (brokers only). */
export function brokerAccountMenu(user: CbeFlags, layout: MenuLayout): AccountMenuEntry[] {
  const broker = isBrokerMode(user);
  return [
    ...(broker && layout === 'consumer-view'
      ? [{ kind: 'switch' as const, label: 'Switch to Broker Portal', mode: 'broker' as const, to: BROKER_HOME }]
      : []),
    ...(layout === 'broker-portal'
      ? [{ kind: 'switch' as const, label: 'Switch to User Portal', mode: 'consumer' as const, to: CONSUMER_HOME }]
      : []),
    { kind: 'link', label: 'Settings', to: '/user/profile' },
    { kind: 'sign-out', label: 'Sign out' },
    ...(broker ? [{ kind: 'reset' as const, label: 'Reset demo account' }] : []),
  ];
}

/** The reduced sidebar of the consumer view; taxes open the broker's tax year. */
export const CONSUMER_SIDEBAR: readonly MenuItem[] = [
  { label: 'Portfolio', to: CONSUMER_HOME },
  { label: 'Wallets', to: '/wallets' },
  { label: 'Transactions', to: '/transactions' },
  { label: `Taxes ${BROKER_TAX_YEAR}`, to: `/tax/${BROKER_TAX_YEAR}` },
  { label: 'Tax lots', to: '/tax-lots' },
  { label: 'Disposed lots', to: '/disposed-lots' },
];

/** The demo-only group of the sidebar (spec 001 §2). */
export const DEMO_SIDEBAR: readonly MenuItem[] = [
  { label: 'Upload CSV', to: '/upload-csv' },
  { label: 'Add sell order', to: '/add-sell-order' },
  { label: 'Add deposit', to: '/add-deposit' },
  { label: 'Cost basis method', to: '/user/profile/tax' },
];
