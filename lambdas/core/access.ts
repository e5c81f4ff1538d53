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

export type CustomerStatus = 'none' | 'trialing' | 'active' | 'canceled' | 'unpaid';

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
