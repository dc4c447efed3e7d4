import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type ComponentPropsWithRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { SignInLink, SignUpButton } from '@/features/public-site/components/AuthButtons';
import { APP_STORE_URL, PLAY_STORE_URL, SOCIAL_LINKS } from '@/features/public-site/utils/links';
import { useSignedIn } from '@/lib/session';
import {
  ENTERPRISE_MENU,
  FOOTER_GROUPS,
  isEnterprisePath,
  PERSONAL_MENU,
  type MenuGroup,
  type MenuLink,
} from './publicMenus';
import { usePublicScroll } from './usePublicScroll';
import './public-layout.css';

export const BANNER_CLOSED_KEY = 'public_banner_closed';

/** A menu link; other props (a Radix menu item's role, handlers and ref) pass through to the anchor. */
function LinkTo({ link, ...rest }: { link: MenuLink } & ComponentPropsWithRef<'a'>) {
  const content = (
    <>
      {link.label}
      {link.badge ? <span className="public-badge">{link.badge}</span> : null}
    </>
  );
  return link.external ? (
    <a {...rest} href={link.to} target="_blank" rel="noreferrer">
      {content}
    </a>
  ) : (
    <Link {...rest} to={link.to}>
      {content}
    </Link>
  );
}

/**
 * A top-bar menu. Its links exist only while it is open, so the prerendered page also lists them inside
 * <noscript>: a visitor or crawler without JavaScript still reaches them (React leaves <noscript> alone
 * on the client).
 */
function MenuDropdown({ group }: { group: MenuGroup }) {
  return (
    <>
      <MenuDropdownMenu group={group} />
      <noscript>
        <ul className="public-nav__static" aria-label={group.label}>
          {group.links.map((link) => (
            <li key={link.label}>
              <LinkTo link={link} />
            </li>
          ))}
        </ul>
      </noscript>
    </>
  );
}

function MenuDropdownMenu({ group }: { group: MenuGroup }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="public-nav__item public-nav__trigger">{group.label}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="start" sideOffset={6}>
          {group.links.map((link) => (
            <DropdownMenu.Item key={link.label} className="menu__item" asChild>
              <LinkTo link={link} />
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function ModeSwitch({ enterprise }: { enterprise: boolean }) {
  return (
    <div className="public-mode" role="group" aria-label="Site">
      <NavLink className={`public-mode__option${enterprise ? '' : ' is-active'}`} to="/home">
        Personal
      </NavLink>
      <NavLink className={`public-mode__option${enterprise ? ' is-active' : ''}`} to="/enterprise">
        Enterprise
      </NavLink>
    </div>
  );
}

function TopBar({ enterprise, hidden }: { enterprise: boolean; hidden: boolean }) {
  const signedIn = useSignedIn();
  return (
    <header className={`public-header${hidden ? ' is-hidden' : ''}`} data-testid="public-header">
      <div className="public-header__inner">
        <Link className="brand" to={enterprise ? '/enterprise' : '/home'}>
          <span className="brand__mark" aria-hidden="true" />
          Cairn
        </Link>
        <ModeSwitch enterprise={enterprise} />
        <nav className="public-nav" aria-label="Main">
          {enterprise ? (
            <>
              <Link className="public-nav__item" to="/enterprise#features">
                Features
              </Link>
              <Link className="public-nav__item" to="/integrations">
                Integrations
              </Link>
              {ENTERPRISE_MENU.map((group) => (
                <MenuDropdown key={group.label} group={group} />
              ))}
            </>
          ) : (
            <>
              {PERSONAL_MENU.map((group) => (
                <MenuDropdown key={group.label} group={group} />
              ))}
              <Link className="public-nav__item" to="/plans">
                Pricing
              </Link>
            </>
          )}
        </nav>
        <div className="public-header__actions">
          {signedIn ? (
            <Link className="button button--primary" to="/home">
              Go to app
            </Link>
          ) : enterprise ? (
            <>
              <SignInLink section="header" sectionTitle="Top bar" />
              <Link className="button button--primary" to="/enterprise/schedule-demo">
                Book your demo
              </Link>
            </>
          ) : (
            <>
              <SignInLink section="header" sectionTitle="Top bar" />
              <SignUpButton section="header" sectionTitle="Top bar" />
            </>
          )}
        </div>
      </div>
    </header>
  );
}

function Footer() {
  return (
    <footer className="public-footer" data-testid="public-footer">
      <div className="public-footer__inner">
        <div className="public-footer__app">
          <Link className="brand" to="/home">
            <span className="brand__mark" aria-hidden="true" />
            Cairn
          </Link>
          <p>View your return on investment, your unified transaction history, wallet balances and more on the go.</p>
          <div className="public-footer__stores">
            <a className="button" href={APP_STORE_URL} target="_blank" rel="noreferrer">
              App Store
            </a>
            <a className="button" href={PLAY_STORE_URL} target="_blank" rel="noreferrer">
              Google Play
            </a>
          </div>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.label} className="public-footer__group" aria-label={group.label}>
            <h2>{group.label}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.label}>
                  <LinkTo link={link} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="public-footer__bottom">
        <p>© {new Date().getFullYear()} Cairn. All rights reserved.</p>
        <ul className="public-footer__social" aria-label="Social">
          {SOCIAL_LINKS.map((link) => (
            <li key={link.label}>
              <a href={link.href} target="_blank" rel="noreferrer">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}

function readClosed(): boolean {
  return typeof window !== 'undefined' && window.localStorage.getItem(BANNER_CLOSED_KEY) === 'true';
}

function BottomBanner({ shown, enterprise }: { shown: boolean; enterprise: boolean }) {
  const [closed, setClosed] = useState(readClosed);
  if (!shown || closed) return null;
  const close = () => {
    window.localStorage.setItem(BANNER_CLOSED_KEY, 'true');
    setClosed(true);
  };
  return (
    <aside className="public-banner" role="complementary" aria-label="Offer" data-testid="public-banner">
      {enterprise ? (
        <p>See how tax firms and enterprises use Cairn.</p>
      ) : (
        <p>Join 2.5 million users who track their crypto and file their taxes with Cairn.</p>
      )}
      {enterprise ? (
        <Link className="button button--primary" to="/enterprise/schedule-demo">
          Book your demo
        </Link>
      ) : (
        <SignUpButton section="banner" sectionTitle="Offer" />
      )}
      <button type="button" className="public-banner__close" aria-label="Close banner" onClick={close}>
        ×
      </button>
    </aside>
  );
}

/**
 * The public site's chrome (spec 001 §2): Personal or Enterprise top bar, footer, and the bottom banner
 * (its offer is to sign up, so a signed-in visitor does not get it).
 */
export function PublicLayout() {
  const { pathname } = useLocation();
  const enterprise = isEnterprisePath(pathname);
  const { headerHidden, bannerReached } = usePublicScroll();
  const signedIn = useSignedIn();
  return (
    <div className="public-site">
      <TopBar enterprise={enterprise} hidden={headerHidden} />
      <div className="public-main">
        <Outlet />
      </div>
      <Footer />
      <BottomBanner shown={bannerReached && !signedIn} enterprise={enterprise} />
    </div>
  );
}
