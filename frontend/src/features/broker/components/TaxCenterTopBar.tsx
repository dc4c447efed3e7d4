import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link, NavLink } from 'react-router';
import { BROKER_HOME, taxCenterItems, type CbeFlags } from '@/features/broker/utils/menus';
import { useAllowUserWalletConnectSetting } from '@/features/broker/api/useBroker';
import { BrokerAccountMenu } from './BrokerAccountMenu';
import './broker.css';

/** The broker portal's top bar titled Tax Center (spec 001 §2): Home, Wallets labelled Connect when the
 * broker allows user wallet connect, the Tax Lots menu and the account menu. */
export function TaxCenterTopBar({ user, email, onSignOut }: { user: CbeFlags; email: string; onSignOut: () => void }) {
  const { allowed: allowConnect } = useAllowUserWalletConnectSetting();
  return (
    <header className="tax-center-bar" data-testid="tax-center-bar">
      <Link to={BROKER_HOME} className="brand tax-center-bar__title">
        <span className="brand__mark" aria-hidden="true" />
        <span className="brand__name">Tax Center</span>
      </Link>
      <nav className="tax-center-bar__nav" aria-label="Tax Center">
        {taxCenterItems(allowConnect).map((item) =>
          item.items ? (
            <DropdownMenu.Root key={item.label}>
              <DropdownMenu.Trigger className="tax-center-bar__item">{item.label} ▾</DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content className="menu" align="start" sideOffset={6}>
                  {item.items.map((child) => (
                    <DropdownMenu.Item key={child.label} className="menu__item" asChild>
                      <Link to={child.to}>{child.label}</Link>
                    </DropdownMenu.Item>
                  ))}
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          ) : (
            <NavLink
              key={item.label}
              to={item.to}
              end
              className={({ isActive }) => `tax-center-bar__item${isActive ? ' is-active' : ''}`}
            >
              {item.label}
            </NavLink>
          ),
        )}
      </nav>
      <BrokerAccountMenu user={user} email={email} layout="broker-portal" onSignOut={onSignOut} />
    </header>
  );
}
