import * as Dialog from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet, useSearchParams } from 'react-router';
import { DelayedSpinner } from '@/components/DelayedSpinner';
import { useSignOut } from '@/features/auth/useSignOut';
import { StatusPanel } from '@/features/status/StatusPanel';
import { useUserInfo } from '@/features/wallets/api';
import { useQuery } from '@tanstack/react-query';
import { AppInfoDocument } from '@/gql/graphql';
import { request } from '@/lib/graphql';
import { queryKeys } from '@/lib/queryKeys';
import { useSidebar } from './useSidebar';

/** Sidebar destinations that exist so far. */
const NAV_ITEMS = [{ to: '/wallets', label: 'Wallets', icon: '▣' }] as const;

export function AppShell() {
  const sidebar = useSidebar();
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
        <Banners />
        <main className="app-content" id="main">
          <Suspense fallback={<DelayedSpinner />}>
            <Outlet />
          </Suspense>
        </main>
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

function SidebarContent({ expanded, onNavigate }: { expanded: boolean; onNavigate?: () => void }) {
  return (
    <div className="sidebar__inner">
      <Brand compact={!expanded} />
      <nav className="sidebar__nav" aria-label="Main">
        <ul>
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={({ isActive }) => `nav-link${isActive ? ' nav-link--active' : ''}`}
                title={expanded ? undefined : item.label}
                onClick={onNavigate}
              >
                <span className="nav-link__icon" aria-hidden="true">
                  {item.icon}
                </span>
                <span className={expanded ? 'nav-link__label' : 'visually-hidden'}>{item.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <AccountMenu expanded={expanded} />
    </div>
  );
}

function AccountMenu({ expanded }: { expanded: boolean }) {
  const me = useUserInfo();
  const signOut = useSignOut();
  const email = me.data?.me?.email?.toLowerCase() ?? '';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="account-trigger" aria-label="Account menu" data-testid="account-menu">
        <span className="avatar" aria-hidden="true">
          {email.charAt(0).toUpperCase() || '·'}
        </span>
        {expanded ? <span className="account-trigger__email">{email || 'Account'}</span> : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" side="top" align="start" sideOffset={6}>
          {email ? <DropdownMenu.Label className="menu__label">{email}</DropdownMenu.Label> : null}
          <DropdownMenu.Item className="menu__item" data-testid="sign-out" onSelect={() => void signOut()}>
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

type BannerKind = 'errorMessage' | 'successMessage' | 'warningMessage';
const BANNER_KINDS: BannerKind[] = ['errorMessage', 'successMessage', 'warningMessage'];

/** Maintenance banner, and errorMessage / successMessage / warningMessage query parameters as banners. */
function Banners() {
  const [params, setParams] = useSearchParams();
  const [banners, setBanners] = useState<{ kind: BannerKind; text: string }[]>([]);
  const appInfo = useQuery({ queryKey: queryKeys.appInfo, queryFn: () => request(AppInfoDocument), staleTime: 60_000 });

  useEffect(() => {
    const found = BANNER_KINDS.flatMap((kind) => {
      const text = params.get(kind);
      return text ? [{ kind, text }] : [];
    });
    if (!found.length) return;
    setBanners((current) => [...current, ...found]);
    const next = new URLSearchParams(params);
    for (const kind of BANNER_KINDS) next.delete(kind);
    setParams(next, { replace: true });
  }, [params, setParams]);

  const maintenance = appInfo.data?.appInfo.maintenanceMode;
  if (!maintenance && !banners.length) return null;
  return (
    <div className="banners">
      {maintenance ? (
        <div className="banner banner--warning" role="alert" data-testid="maintenance-banner">
          {appInfo.data?.appInfo.maintenanceMessage || 'Cairn is undergoing maintenance. Some features may be unavailable.'}
        </div>
      ) : null}
      {banners.map((banner, index) => (
        <div
          key={`${banner.kind}-${index}`}
          className={`banner banner--${banner.kind === 'errorMessage' ? 'error' : banner.kind === 'successMessage' ? 'success' : 'warning'}`}
          role={banner.kind === 'errorMessage' ? 'alert' : 'status'}
        >
          <span>{banner.text}</span>
          <button
            type="button"
            className="icon-button"
            aria-label="Dismiss"
            onClick={() => setBanners((current) => current.filter((_, i) => i !== index))}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
