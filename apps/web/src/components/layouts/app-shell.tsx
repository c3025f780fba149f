import { useEffect, useId, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { BrandMark } from './brand-mark';

export interface NavItem {
  to: string;
  label: string;
}

/** Spec section 9: the mobile menu closes once the window is wider than this. */
export const DESKTOP_MIN_WIDTH = 1024;

interface AppShellProps {
  subtitle: string;
  nav: NavItem[];
  /** The user menu; passed in so this layout stays free of the auth feature. */
  account: ReactNode;
  /** The search everywhere, before the account (the administrator's only). */
  search?: ReactNode;
  children: ReactNode;
}

/** Top bar (brand, subtitle, navigation, account) shared by the administrator and technician sections. */
export function AppShell({ subtitle, nav, account, search, children }: AppShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const navId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes when the page changes.
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const closeWhenWide = () => {
      if (window.innerWidth > DESKTOP_MIN_WIDTH) setMenuOpen(false);
    };
    closeWhenWide();
    window.addEventListener('resize', closeWhenWide);
    return () => window.removeEventListener('resize', closeWhenWide);
  }, [menuOpen]);

  return (
    <div className="shell">
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <header className="topbar">
        <div className="topbar__inner">
          <button
            type="button"
            className="icon-button topbar__menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={navId}
            aria-label={menuOpen ? 'Cerrar menú' : 'Abrir menú'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon open={menuOpen} />
          </button>
          <BrandMark subtitle={subtitle} />
          <nav id={navId} className={`topbar__nav${menuOpen ? ' topbar__nav--open' : ''}`} aria-label="Principal">
            <ul>
              {nav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className="nav-link">
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="topbar__account">
            {search}
            {account}
          </div>
        </div>
      </header>
      <main id="contenido" className="content" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}
