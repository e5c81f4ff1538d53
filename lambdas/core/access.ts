// Who may do what (spec §6). Pure rules over a Principal that adapters load from the database;
// nothing here trusts what a client sends. Every resolver asks these functions.
export const STAFF_ROLES = [
  'account_manager',
  'closure_administrator',
  'submission_moderator',
  'media_comms_manager',
  'announcement_manager',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export type CustomerStatus = 'none' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid';

export interface ManagedLga {
  lgaCode: string;
  lgaName?: string;
  roles: StaffRole[];
  customerStatus: CustomerStatus;
}

export interface Principal {
  uid: string;
  email: string;
  displayName?: string;
  admin: boolean;
  managed: ManagedLga[];
  lgaCode?: string;
  /** A federated account whose provider did not vouch for the email: no email-keyed roles or claims. */
  emailUnverified?: true;
  /** An administrator who has no admin power until they set up an authenticator app (lambdas/core/identity/mfa.ts). */
  adminMfaSetupNeeded?: true;
  /** An administrator whose token came from a Google, Microsoft or Facebook sign-in: no admin power with it. */
  adminSignInNeeded?: true;
}

/** Spec §4: a subscription is valid when active or trialing. */
export const isValidSubscription = (status: CustomerStatus) => status === 'active' || status === 'trialing';
/** Spec §4: ex-customers are canceled or unpaid. */
export const isExCustomerStatus = (status: CustomerStatus) => status === 'canceled' || status === 'unpaid';

/** Staff of an LGA is decided by membership of that LGA's managers list (spec §6). */
export const isStaff = (p: Principal) => p.managed.length > 0;

export function managedLga(p: Principal, lgaCode: string): ManagedLga | undefined {
  return p.managed.find((m) => m.lgaCode === lgaCode);
}

export function hasRole(p: Principal, lgaCode: string, role: StaffRole): boolean {
  if (p.admin) return true;
  return managedLga(p, lgaCode)?.roles.includes(role) ?? false;
}

/** canManageLGA: account_manager or closure_administrator. */
export function canManageLga(p: Principal, lgaCode: string): boolean {
  return hasRole(p, lgaCode, 'account_manager') || hasRole(p, lgaCode, 'closure_administrator');
}

/** canModerateLGA: canManageLGA plus submission_moderator. */
export function canModerateLga(p: Principal, lgaCode: string): boolean {
  return canManageLga(p, lgaCode) || hasRole(p, lgaCode, 'submission_moderator');
}

/** The active-customer rule: admins pass; staff need their LGA's subscription to be valid. */
export function hasActiveCustomer(p: Principal, lgaCode: string): boolean {
  if (p.admin) return true;
  const managed = managedLga(p, lgaCode);
  return managed !== undefined && isValidSubscription(managed.customerStatus);
}

/**
 * The common gate for staff work on an LGA's data: the role there, and a paying customer.
 * Returns the reason it fails so callers can pick the right error (Forbidden vs PaymentRequired).
 */
export function staffAccess(p: Principal, lgaCode: string, role: StaffRole): 'ok' | 'forbidden' | 'unpaid' {
  if (!hasRole(p, lgaCode, role)) return 'forbidden';
  if (!hasActiveCustomer(p, lgaCode)) return 'unpaid';
  return 'ok';
}

// --- Account management and the managed claim (identity, spec §2 and §6) ---

/**
 * User Role Assignment and access requests: an account_manager of that LGA, or an admin. No
 * active customer is needed (spec §2, /lga/{code}), so ex-customers can still manage their staff.
 */
export function canManageAccounts(p: Principal, lgaCode: string): boolean {
  return hasRole(p, lgaCode, 'account_manager');
}

/** Spec §2: the accounts page needs the LGA to have had any subscription; 'none' never had one. */
export const hasHadSubscription = (status: CustomerStatus) => status !== 'none';

/** Where /lga/{code}/accounts leads: the page, billing info (never subscribed) or away. */
export function accountsPageAccess(p: Principal, lgaCode: string, customerStatus: CustomerStatus): 'ok' | 'billing' | 'forbidden' {
  if (!canManageAccounts(p, lgaCode)) return 'forbidden';
  return hasHadSubscription(customerStatus) ? 'ok' : 'billing';
}

/** A council's mail domain as stored on the LGA ("forbes.nsw.gov.au"; "@…" tolerated). */
export function normaliseEmailSuffix(suffix: string | undefined): string | undefined {
  const cleaned = suffix?.trim().toLowerCase().replace(/^[@.]+/, '');
  return cleaned ? cleaned : undefined;
}

/** The email's domain is the suffix or one of its subdomains ("it.forbes.nsw.gov.au"), never a lookalike. */
export function emailMatchesSuffix(email: string, suffix: string | undefined): boolean {
  const domain = email.trim().toLowerCase().split('@')[1];
  const wanted = normaliseEmailSuffix(suffix);
  if (!domain || !wanted) return false;
  return domain === wanted || domain.endsWith(`.${wanted}`);
}

/**
 * The spec's "managed claim" for an LGA, as this design defines it: the original app set it for
 * council staff identified by their work address. Here a user holds it for an LGA when their
 * (Cognito-verified) email is at the council's mail domain (the LGA's emailSuffix, set by an
 * admin), or when they are an admin. Being invited needs no claim: an invitation is a manager
 * item already, which makes the user staff of that LGA.
 */
export function holdsManagedClaim(p: Principal, lga: { code: string; emailSuffix?: string }): boolean {
  return p.admin || (!p.emailUnverified && emailMatchesSuffix(p.email, lga.emailSuffix));
}

/** requestLgaAccess, decided: who may ask an LGA's account managers for access (spec §6). */
export function accessRequestCheck(
  p: Principal | null,
  lga: { code: string; emailSuffix?: string },
): 'ok' | 'signed-out' | 'no-claim' | 'already-staff' {
  if (!p) return 'signed-out';
  if (managedLga(p, lga.code)) return 'already-staff';
  return holdsManagedClaim(p, lga) ? 'ok' : 'no-claim';
}

export type DashboardCard =
  | 'access_requests'
  | 'closure_summary'
  | 'recent_changes'
  | 'overdue_reopening'
  | 'pending_reports'
  | 'social_tasks'
  | 'unsealed_roads';

const CARDS_BY_ROLE: Record<StaffRole, DashboardCard[]> = {
  account_manager: ['access_requests'],
  closure_administrator: ['closure_summary', 'recent_changes', 'overdue_reopening'],
  submission_moderator: ['pending_reports'],
  media_comms_manager: ['social_tasks'],
  announcement_manager: ['unsealed_roads'],
};

/**
 * The staff dashboard's cards for an LGA (spec §6). Access requests need no paying customer
 * (role assignment works for ex-customers); the rest need an active one. Admins see them all.
 */
export function dashboardCards(p: Principal, lgaCode: string): DashboardCard[] {
  const cards = STAFF_ROLES.filter((role) => hasRole(p, lgaCode, role)).flatMap((role) => CARDS_BY_ROLE[role]);
  return hasActiveCustomer(p, lgaCode) ? cards : cards.filter((card) => card === 'access_requests');
}
