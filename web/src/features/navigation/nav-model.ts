import type { Access } from '../auth/access';
import type { AppSettings } from '../../config/app-config';
import type { DropdownItem } from '../../components/Dropdown';
import type { InstallOffer } from '../install/install-offer';

export type NavEntry =
  | { kind: 'link'; label: string; to: string }
  | { kind: 'disabled'; label: string; reason: string }
  | { kind: 'menu'; label: string; items: DropdownItem[] };

const NEEDS_SUBSCRIPTION = "Your council's subscription is not active";

/** Spec §2 navigation bar, as data, so the desktop bar and the mobile menu show the same things. */
export function buildPrimaryNav(access: Access, signedIn: boolean, lgaNames: Record<string, string>): NavEntry[] {
  if (!signedIn) return [{ kind: 'link', label: 'Map', to: '/map' }];

  const entries: NavEntry[] = [{ kind: 'link', label: 'Dashboard', to: '/dashboard' }];
  if (access.isAdmin) entries.push({ kind: 'link', label: 'System Administration', to: '/admin' });

  if (!access.hasLgaAssignment || access.isNewCustomer) {
    entries.push({ kind: 'link', label: 'Map', to: '/map' });
  } else {
    entries.push({ kind: 'link', label: 'Public Map', to: '/map' });
    entries.push(access.isExCustomer
      ? { kind: 'disabled', label: 'Staff Map', reason: NEEDS_SUBSCRIPTION }
      : { kind: 'link', label: 'Staff Map', to: '/staff-map' });
  }

  if (access.isStaff && access.hasLgaAssignment) {
    entries.push({ kind: 'menu', label: 'Manage LGA', items: manageLgaItems(access, lgaNames) });
  }
  if (access.isStaff && access.hasRole('media_comms_manager')) {
    entries.push(access.hasActiveCustomer
      ? { kind: 'link', label: 'Communications', to: '/comms' }
      : { kind: 'disabled', label: 'Communications', reason: NEEDS_SUBSCRIPTION });
  }
  return entries;
}

function manageLgaItems(access: Access, lgaNames: Record<string, string>): DropdownItem[] {
  const items: DropdownItem[] = [];
  const accountLgas = access.lgaCodesWithRole('account_manager');
  if (accountLgas.length === 0) {
    items.push({ kind: 'disabled', label: 'User Role Assignment', reason: 'Needs the account manager role' });
  }
  for (const code of accountLgas) {
    items.push({
      kind: 'link',
      label: accountLgas.length > 1 ? `User Role Assignment: ${lgaNames[code] ?? code}` : 'User Role Assignment',
      to: `/lga/${encodeURIComponent(code)}/accounts`,
      description: lgaNames[code],
    });
  }
  items.push(staffItem(access, 'Administer Closures', '/closures', access.hasRole('closure_administrator'), 'Needs the closure administrator role'));
  items.push(staffItem(access, 'Moderate Incident Reports', '/report-clusters', access.hasRole('submission_moderator'), 'Needs the submission moderator role'));
  // DRFA evidence export: closure administrators and media and communications managers.
  items.push(staffItem(access, 'DRFA Evidence Export', '/comms/evidence', access.hasRole('closure_administrator') || access.hasRole('media_comms_manager'), 'Needs the closure administrator or media and communications manager role'));
  // Billing needs no paying customer: it is where a council becomes (or stays) one.
  for (const code of accountLgas) {
    items.push({
      kind: 'link',
      label: accountLgas.length > 1 ? `Billing information: ${lgaNames[code] ?? code}` : 'Billing information',
      to: `/lga/${encodeURIComponent(code)}/billing`,
      description: lgaNames[code],
    });
  }
  return items;
}

function staffItem(access: Access, label: string, to: string, hasRole: boolean, roleReason: string): DropdownItem {
  if (!hasRole) return { kind: 'disabled', label, reason: roleReason };
  // Spec §6: new customers and ex-customers have closures and moderation disabled.
  if (!access.hasActiveCustomer) return { kind: 'disabled', label, reason: NEEDS_SUBSCRIPTION };
  return { kind: 'link', label, to };
}

/**
 * Spec §2: staff with no assigned LGA and no pending request see the button. The server decides
 * (me.canRequestAccess: the council mail domain, no assignment, nothing pending); a request sent
 * in this session (myAccessRequests) hides it before `me` is fetched again.
 */
export function showRequestAccess(access: Access, hasPendingRequest = false): boolean {
  return access.canRequestAccess && !access.isAdmin && !access.hasLgaAssignment && !hasPendingRequest;
}

export interface ProfileMenuOptions {
  /** features/install: the browser's prompt, iPhone instructions, not offered, or hidden. */
  install: InstallOffer;
  onInstall(): void;
  /** This device's Web Push state (features/push); without it the item stays disabled. */
  push?: { on: boolean; blockedReason?: string; busy?: boolean; onToggle(): void };
}

function pushItem(app: AppSettings, push: ProfileMenuOptions['push']): DropdownItem {
  if (!app.features.push) return { kind: 'disabled', label: 'Enable Push Notifications', reason: 'Not configured for this deployment' };
  if (!push) return { kind: 'disabled', label: 'Enable Push Notifications', reason: 'Coming in a later release' };
  const label = push.on ? 'Disable Push Notifications' : 'Enable Push Notifications';
  if (push.blockedReason) return { kind: 'disabled', label, reason: push.blockedReason };
  if (push.busy) return { kind: 'disabled', label, reason: 'Working…' };
  return { kind: 'action', label, onSelect: push.onToggle };
}

export function buildProfileItems(app: AppSettings, options: ProfileMenuOptions): DropdownItem[] {
  const items: DropdownItem[] = [];
  if (!app.demo) items.push(pushItem(app, options.push));
  const install = options.install;
  if (install.kind === 'prompt' || install.kind === 'ios') items.push({ kind: 'action', label: 'Install app', onSelect: options.onInstall });
  else if (install.kind === 'unavailable') items.push({ kind: 'disabled', label: 'Install app', reason: install.reason });
  items.push({ kind: 'link', label: 'My Subscriptions', to: '/subscriptions' });
  items.push({ kind: 'link', label: 'My Incident Reports', to: '/my-reports' });
  if (!app.demo) items.push({ kind: 'link', label: 'User Settings', to: '/profile' });
  items.push({ kind: 'link', label: 'Legal', to: '/legal' });
  if (!app.demo) items.push({ kind: 'link', label: 'Sign Out', to: '/logout' });
  return items;
}
