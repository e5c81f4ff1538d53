import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Dropdown, type DropdownItem } from '../../../components/Dropdown';
import { useAppConfig } from '../../../config/app-config';
import { useIsMobile } from '../../../lib/device';
import { useAuth } from '../../auth/auth-provider';
import { useHasPendingAccessRequest } from '../../identity/hooks';
import { usePush } from '../../push/hooks/usePush';
import { useInstall } from '../../install/hooks/useInstall';
import { buildPrimaryNav, buildProfileItems, showRequestAccess } from '../nav-model';
import { Brand } from './Brand';
import { MobileMenu } from './MobileMenu';
import { NavEntries } from './NavEntries';
import { NotificationsBell } from './NotificationsBell';
import './nav.css';

// Only iPhones and iPads ever open it, so it loads on first use and then stays mounted, so that
// closing it returns focus to the menu item that opened it.
const IosInstallDialog = lazy(() => import('../../install/components/IosInstallDialog').then((m) => ({ default: m.IosInstallDialog })));

function initials(name: string): string {
  return name.split(/[\s@.]+/).filter(Boolean).slice(0, 2).map((part) => part[0]!.toUpperCase()).join('');
}

export function NavBar() {
  const { status, me, access } = useAuth();
  const app = useAppConfig();
  const isMobile = useIsMobile();
  const installing = useInstall();
  const [showIosInstall, setShowIosInstall] = useState(false);
  const [iosInstallWanted, setIosInstallWanted] = useState(false);
  const push = usePush();

  const signedIn = status === 'signedIn' && !!me;
  const lgaNames = Object.fromEntries((me?.managed ?? []).map((lga) => [lga.lgaCode, lga.lgaName ?? lga.lgaCode]));
  const primary = buildPrimaryNav(access, signedIn, lgaNames);
  const profileItems = buildProfileItems(app, {
    install: installing.offer,
    onInstall: () => {
      if (installing.offer.kind === 'ios') {
        setIosInstallWanted(true);
        setShowIosInstall(true);
      } else installing.install();
    },
    push: {
      on: push.state.kind === 'on',
      blockedReason: push.state.kind === 'unsupported' || push.state.kind === 'denied' ? push.state.reason : undefined,
      busy: push.busy,
      onToggle: () => void (push.state.kind === 'on' ? push.disable() : push.enable()),
    },
  });
  const hasPendingRequest = useHasPendingAccessRequest();
  const requestAccess = signedIn && showRequestAccess(access, hasPendingRequest);
  const name = me?.displayName || me?.preferredName || me?.email || '';
  const guestItems: DropdownItem[] = [
    { kind: 'link', label: 'Help', to: '/help' },
    { kind: 'link', label: 'Legal & Privacy', to: '/legal' },
    { kind: 'link', label: 'Sign In', to: '/login' },
  ];

  return (
    <header className={`site-header${isMobile ? ' site-header--mobile' : ''}`}>
      <div className="site-header__inner">
        <Brand />
        {status === 'loading' ? (
          <div className="site-header__loading" aria-hidden="true" />
        ) : isMobile ? (
          <div className="site-header__end">
            <NotificationsBell signedIn={signedIn} />
            <MobileMenu
              primary={primary}
              groups={[
                ...(requestAccess ? [{ title: 'Council access', items: [{ kind: 'link', label: 'Request Access to LGA', to: '/request-access' } as DropdownItem] }] : []),
                signedIn
                  ? { title: name || 'Account', items: profileItems }
                  : { title: `More · v${app.version}`, items: guestItems },
              ]}
            />
          </div>
        ) : (
          <>
            <nav className="site-nav" aria-label="Main">
              <NavEntries entries={primary} />
            </nav>
            <div className="site-header__end">
              {requestAccess && (
                <Link to="/request-access" className="nav-cta">Request Access to LGA</Link>
              )}
              {!signedIn && (
                <>
                  <NavLink to="/help" className="nav-link">Help</NavLink>
                  <span className="nav-version" title="App version">v{app.version}</span>
                </>
              )}
              <NotificationsBell signedIn={signedIn} />
              {signedIn ? (
                <Dropdown
                  align="end"
                  ariaLabel={`Account menu for ${name}`}
                  buttonClassName="nav-link nav-link--button nav-profile"
                  // The initials are drawn by CSS, not text: the button's name ("Account menu for …") must
                  // contain any visible text it has (WCAG 2.5.3), and the initials alone say nothing.
                  label={<span className="avatar" aria-hidden="true" data-initials={initials(name) || '?'} />}
                  header={<><strong className="dropdown__title">{name}</strong>{me?.email !== name && <span>{me?.email}</span>}</>}
                  items={profileItems}
                />
              ) : (
                <>
                  <NavLink to="/legal" className="nav-link">Legal &amp; Privacy</NavLink>
                  <Link to="/login" className="nav-cta">Sign In</Link>
                </>
              )}
            </div>
          </>
        )}
      </div>
      {iosInstallWanted && (
        <Suspense fallback={null}>
          <IosInstallDialog open={showIosInstall} onClose={() => setShowIosInstall(false)} />
        </Suspense>
      )}
    </header>
  );
}
