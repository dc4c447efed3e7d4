import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { DelayedSpinner } from '@/components/DelayedSpinner';
import { useAppliedTheme } from '@/lib/theme';
import { useUserInfo } from '@/lib/user';
import { useSignOut } from '@/features/auth/api/useSignOut';
import { FeedbackPrompt } from '@/features/feedback/components/FeedbackPrompt';
import { UserProperties } from './UserProperties';
import { TaxProViewingBanner } from '@/features/tax-pros/components/TaxProViewingBanner';
import { REQUEST_FEATURE_URL, TAX_PRO_DASHBOARD, TAX_PRO_SUPPORT_URL, UPGRADE_ACCOUNT_URL } from '@/features/tax-pros/utils/links';
import { Banners } from './Banners';
import { useIsMobile } from './useSidebar';
import './tax-pro-layout.css';

/** The tax pro's sections under /tax-pros. */
const SECTIONS = [
  { to: '/tax-pros/client-view', label: 'Clients' },
  { to: '/tax-pros/tax-pro-view', label: 'Tax pros' },
  { to: '/tax-pros/view-incoming-invites', label: 'Incoming invites' },
  { to: '/tax-pros/firm-view', label: 'Firm' },
] as const;

/** /tax-pros/*: the tax-pro header of spec 001 §2 — Dashboard, Request a Feature (external), and the
 * user menu with the lowercased e-mail: Go to personal account, Settings, Upgrade account (external
 * form), Tax pro support (external), Logout (Sign out on mobile). The feedback prompt shows on these pages
 * as on the main, tax and wallets pages (spec 001 §9). */
export function TaxProLayout() {
  useAppliedTheme();
  return (
    <div className="tax-pro-layout">
      <header className="tax-pro-header">
        <div className="tax-pro-header__inner">
          <Link to={TAX_PRO_DASHBOARD} className="brand" aria-label="Cairn for tax pros">
            <span className="brand__mark" aria-hidden="true" />
            <span className="brand__name">Cairn</span>
            <span className="tax-pro-header__badge">Tax pro</span>
          </Link>
          <nav className="tax-pro-header__nav" aria-label="Tax pro">
            <NavLink to={TAX_PRO_DASHBOARD} className="public-nav__item">
              Dashboard
            </NavLink>
            <a className="public-nav__item" href={REQUEST_FEATURE_URL} target="_blank" rel="noreferrer">
              Request a Feature
            </a>
          </nav>
          <TaxProUserMenu />
        </div>
        <nav className="tax-pro-sections" aria-label="Tax pro sections">
          {SECTIONS.map((section) => (
            <NavLink
              key={section.to}
              to={section.to}
              className={({ isActive }) => `tax-pro-sections__link${isActive ? ' is-active' : ''}`}
            >
              {section.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <TaxProViewingBanner />
      <Banners />
      <main className="tax-pro-main" id="main">
        <Suspense fallback={<DelayedSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <FeedbackPrompt />
      <UserProperties />
    </div>
  );
}

function TaxProUserMenu() {
  const email = useUserInfo().data?.me?.email?.toLowerCase() ?? '';
  const signOut = useSignOut();
  const mobile = useIsMobile();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="account-trigger" aria-label="User menu" data-testid="tax-pro-user-menu">
        <span className="avatar" aria-hidden="true">
          {email.charAt(0).toUpperCase() || '·'}
        </span>
        <span className="account-trigger__email">{email}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          {email ? <DropdownMenu.Label className="menu__label">{email}</DropdownMenu.Label> : null}
          <DropdownMenu.Item className="menu__item" asChild>
            <Link to="/home">Go to personal account</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" asChild>
            <Link to="/user/profile">Settings</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" asChild>
            <a href={UPGRADE_ACCOUNT_URL} target="_blank" rel="noreferrer">
              Upgrade account
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" asChild>
            <a href={TAX_PRO_SUPPORT_URL} target="_blank" rel="noreferrer">
              Tax pro support
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" data-testid="sign-out" onSelect={() => void signOut()}>
            {mobile ? 'Sign out' : 'Logout'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
