import * as Dialog from '@radix-ui/react-dialog';
import { Suspense } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { DelayedSpinner } from '@/components/DelayedSpinner';
import { useUnresolvedSpamAssets } from '@/lib/sidebarInfo';
import { useAppliedTheme } from '@/lib/theme';
import { useUserInfo } from '@/lib/user';
import { useSignOut } from '@/features/auth/api/useSignOut';
import { BrokerAccountMenu } from '@/features/broker/components/BrokerAccountMenu';
import { CONSUMER_SIDEBAR, DEMO_SIDEBAR, menuLayout, type MenuItem } from '@/features/broker/utils/menus';
import { useViewMode } from '@/features/broker/utils/viewMode';
import { FeedbackPrompt } from '@/features/feedback/components/FeedbackPrompt';
import { UserProperties } from './UserProperties';
import { MigrationBanner } from '@/features/migration/components/MigrationBanner';
import { TransactionLimitCard } from '@/features/plans/components/TransactionLimitCard';
import { StatusPanel } from '@/features/status/components/StatusPanel';
import { needsReviewForYear } from '@/features/transactions/utils/search';
import { TaxProViewingBanner } from '@/features/tax-pros/components/TaxProViewingBanner';
import { ViewAsBanner } from '@/features/view-as/components/ViewAsBanner';
import { AccountMenu } from './AccountMenu';
import { Banners } from './Banners';
import { useSidebar } from './useSidebar';
import '@/components/dialog/dialog.css';
import './app-shell.css';

/** The spam center: its item shows a dot while unresolved spam assets exist (spec 001 §2). */
const SPAM_CENTER = '/spam-center';

/** Sidebar destinations that exist so far; taxes carry the year they open (the current one). */
const NAV_ITEMS = [
  { to: '/home', label: 'Portfolio', icon: '◔' },
  { to: '/wallets', label: 'Wallets', icon: '▣' },
  { to: '/transactions', label: 'Transactions', icon: '⇄' },
  // Spec 001 §2: transactions opened filtered to needs-review for the tax year (Jan 1 to Dec 31).
  { to: needsReviewForYear(new Date().getFullYear()), label: `To review ${new Date().getFullYear()}`, icon: '!' },
  { to: SPAM_CENTER, label: 'Spam', icon: '⊘' },
  { to: '/tax', label: `Taxes ${new Date().getFullYear()}`, icon: '§' },
  { to: '/tax-loss-harvest', label: 'Tax loss harvesting', icon: '↘' },
  { to: '/performance', label: 'Performance', icon: '↗' },
  { to: '/documents', label: 'Documents', icon: '▧' },
  { to: '/tax-lots', label: 'Tax lots', icon: '▤' },
  { to: '/disposed-lots', label: 'Disposed lots', icon: '▥' },
  { to: '/user/profile/tax', label: 'Account', icon: '⚙' },
  { to: '/subscription/manage', label: 'Subscription plans', icon: '★' },
  { to: '/user/profile/tax-professionals', label: 'Add a tax professional', icon: '+' },
] as const;

export function AppShell() {
  const sidebar = useSidebar();
  useAppliedTheme();
  return (
    <div
      className={`app-shell${sidebar.expanded ? '' : ' app-shell--collapsed'}`}
      data-sidebar={sidebar.mobile ? 'sheet' : sidebar.expanded ? 'expanded' : 'collapsed'}
    >
      {sidebar.mobile ? (
        <header className="mobile-bar">
          <Brand />
          <button
            type="button"
            className="icon-button"
            aria-label="Open menu"
            aria-expanded={sidebar.sheetOpen}
            data-testid="sidebar-sheet-toggle"
            onClick={() => sidebar.setSheetOpen(true)}
          >
            <span aria-hidden="true">☰</span>
          </button>
          <Dialog.Root open={sidebar.sheetOpen} onOpenChange={sidebar.setSheetOpen}>
            <Dialog.Portal>
              <Dialog.Overlay className="dialog-overlay" />
              <Dialog.Content className="sheet" data-testid="sidebar-sheet" aria-describedby={undefined}>
                <Dialog.Title className="visually-hidden">Menu</Dialog.Title>
                <SidebarContent expanded onNavigate={() => sidebar.setSheetOpen(false)} />
                <Dialog.Close className="icon-button sheet__close" aria-label="Close menu">
                  <span aria-hidden="true">×</span>
                </Dialog.Close>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </header>
      ) : (
        <aside className="sidebar" aria-label="Sidebar" data-testid="sidebar" data-state={sidebar.expanded ? 'expanded' : 'collapsed'}>
          <SidebarContent expanded={sidebar.expanded} />
          <button
            type="button"
            className="sidebar__toggle icon-button"
            aria-label={sidebar.expanded ? 'Collapse sidebar' : 'Expand sidebar'}
            aria-expanded={sidebar.expanded}
            title={`${sidebar.expanded ? 'Collapse' : 'Expand'} sidebar (Ctrl+B)`}
            data-testid="sidebar-toggle"
            onClick={sidebar.toggleExpanded}
          >
            <span aria-hidden="true">{sidebar.expanded ? '«' : '»'}</span>
          </button>
        </aside>
      )}
      <div className="app-main">
        <div className="app-topbar">
          <StatusPanel />
        </div>
        <ViewAsBanner />
        <TaxProViewingBanner />
        <Banners />
        <MigrationBanner />
        <main className="app-content" id="main">
          <Suspense fallback={<DelayedSpinner />}>
            <Outlet />
          </Suspense>
        </main>
        <FeedbackPrompt />
        <UserProperties />
        <footer className="app-footer">
          <span>© {new Date().getFullYear()} Cairn</span>
          <ul className="app-footer__links" aria-label="Legal">
            <li>Privacy Policy</li>
            <li>Terms</li>
            <li>Disclaimer</li>
          </ul>
        </footer>
      </div>
    </div>
  );
}

function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <NavLink to="/wallets" className="brand" aria-label="Cairn home">
      <span className="brand__mark" aria-hidden="true" />
      {compact ? null : <span className="brand__name">Cairn</span>}
    </NavLink>
  );
}

/** A destination with a query (a filtered list) is the current page only with that same query. */
function matchesQuery(to: string, search: string): boolean {
  const query = to.indexOf('?');
  return query < 0 || to.slice(query) === search;
}

/** The consumer view of broker mode (spec 001 §2) has a reduced sidebar, a demo-only group and the broker
 * mode account menu. */
function SidebarContent({ expanded, onNavigate }: { expanded: boolean; onNavigate?: () => void }) {
  const me = useUserInfo().data?.me;
  const [mode] = useViewMode(me?.enableCbe);
  const signOut = useSignOut();
  const consumerView = me ? menuLayout(me, mode) === 'consumer-view' : false;
  return (
    <div className="sidebar__inner">
      <Brand compact={!expanded} />
      {consumerView ? (
        <>
          <SidebarGroup label="Main" items={CONSUMER_SIDEBAR} expanded={expanded} onNavigate={onNavigate} />
          <SidebarGroup label="Demo" items={DEMO_SIDEBAR} expanded={expanded} onNavigate={onNavigate} />
        </>
      ) : (
        <MainNav expanded={expanded} onNavigate={onNavigate} />
      )}
      <TransactionLimitCard expanded={expanded} />
      {me && consumerView ? (
        <BrokerAccountMenu user={me} email={me.email.toLowerCase()} layout="consumer-view" side="top" onSignOut={() => void signOut()} />
      ) : (
        <AccountMenu expanded={expanded} />
      )}
    </div>
  );
}

function SidebarGroup({
  label,
  items,
  expanded,
  onNavigate,
}: {
  label: string;
  items: readonly MenuItem[];
  expanded: boolean;
  onNavigate?: () => void;
}) {
  return (
    <nav className="sidebar__nav" aria-label={label}>
      {expanded && label !== 'Main' ? <p className="sidebar__group-label">{label}</p> : null}
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className={({ isActive }) => `nav-link${isActive ? ' nav-link--active' : ''}`}
              title={expanded ? undefined : item.label}
              onClick={onNavigate}
            >
              <span className="nav-link__icon" aria-hidden="true">
                {item.label.charAt(0)}
              </span>
              <span className={expanded ? 'nav-link__label' : 'visually-hidden'}>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MainNav({ expanded, onNavigate }: { expanded: boolean; onNavigate?: () => void }) {
  const location = useLocation();
  const unresolvedSpam = useUnresolvedSpamAssets();
  return (
      <nav className="sidebar__nav" aria-label="Main">
        <ul>
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={({ isActive }) => `nav-link${isActive && matchesQuery(item.to, location.search) ? ' nav-link--active' : ''}`}
                title={expanded ? undefined : item.label}
                onClick={onNavigate}
              >
                <span className="nav-link__icon" aria-hidden="true">
                  {item.icon}
                </span>
                <span className={expanded ? 'nav-link__label' : 'visually-hidden'}>{item.label}</span>
                {item.to === SPAM_CENTER && unresolvedSpam > 0 ? (
                  <span className="nav-link__dot" data-testid="spam-dot" title={`${unresolvedSpam} unresolved spam assets`}>
                    <span className="visually-hidden">{unresolvedSpam} unresolved spam assets</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
  );
}
