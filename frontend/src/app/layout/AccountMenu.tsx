import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { useSignOut } from '@/features/auth/api/useSignOut';
import { useUserInfo } from '@/lib/user';

/** The signed-in email, Settings, View as (admins, spec 001 §2) and Sign out. */
export function AccountMenu({ expanded }: { expanded: boolean }) {
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
          <DropdownMenu.Item className="menu__item" asChild>
            <Link to="/user/profile">Settings</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" asChild>
            <Link to="/subscription/manage">Subscription plans</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" asChild>
            <Link to="/user/profile/tax-professionals">Add a tax professional</Link>
          </DropdownMenu.Item>
          {me.data?.me?.registeredAsTaxPro && !me.data.me.viewAsUserId ? (
            <DropdownMenu.Item className="menu__item" asChild>
              <Link to="/tax-pros/dashboard">Tax pro dashboard</Link>
            </DropdownMenu.Item>
          ) : null}
          {me.data?.me?.isAdmin || (me.data?.me?.viewAsUserId && !me.data.me.isTaxProViewingClient) ? (
            <DropdownMenu.Item className="menu__item" asChild>
              <Link to="/user/view-as">View as</Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item className="menu__item" data-testid="sign-out" onSelect={() => void signOut()}>
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
