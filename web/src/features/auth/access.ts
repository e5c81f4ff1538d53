import type { Me } from './api/me';
import { isRole, type Role } from './roles';

// Spec §4: a subscription is valid when active or trialing; canceled or unpaid makes an ex-customer.
export const VALID_CUSTOMER_STATUSES = ['active', 'trialing'];
export const EX_CUSTOMER_STATUSES = ['canceled', 'unpaid'];

export interface Access {
  signedIn: boolean;
  isAdmin: boolean;
  isStaff: boolean;
  /** Spec §6: the user is on at least one LGA's managers list. */
  hasLgaAssignment: boolean;
  /** Spec §2: the server offers Request Access to LGA (council mail domain, no assignment, nothing pending). */
  canRequestAccess: boolean;
  /** Any managed customer active or trialing; admins pass. */
  hasActiveCustomer: boolean;
  /** Staff whose councils' subscriptions all ended (canceled or unpaid). */
  isExCustomer: boolean;
  /** Staff without a valid subscription who never had one that ended. */
  isNewCustomer: boolean;
  rolesByLga: Record<string, Role[]>;
  managesLga(lgaCode: string): boolean;
  hasRole(role: Role, lgaCode?: string): boolean;
  canManageLGA(lgaCode?: string): boolean;
  canModerateLGA(lgaCode?: string): boolean;
  lgaCodesWithRole(role: Role): string[];
}

export function isValidCustomerStatus(status: string | null | undefined): boolean {
  return !!status && VALID_CUSTOMER_STATUSES.includes(status);
}

export function deriveAccess(me: Me | null): Access {
  const isAdmin = !!me?.admin;
  const managed = me?.managed ?? [];
  const rolesByLga: Record<string, Role[]> = {};
  for (const lga of managed) rolesByLga[lga.lgaCode] = lga.roles.filter(isRole);

  const isStaff = !!me?.staff;
  const anyValid = managed.some((lga) => isValidCustomerStatus(lga.customerStatus));
  const anyEnded = managed.some((lga) => EX_CUSTOMER_STATUSES.includes(lga.customerStatus));

  const rolesFor = (lgaCode?: string): Role[] =>
    lgaCode === undefined ? Object.values(rolesByLga).flat() : (rolesByLga[lgaCode] ?? []);
  const hasRole = (role: Role, lgaCode?: string) => isAdmin || rolesFor(lgaCode).includes(role);

  return {
    signedIn: !!me,
    isAdmin,
    isStaff,
    hasLgaAssignment: managed.length > 0,
    canRequestAccess: !!me?.canRequestAccess,
    hasActiveCustomer: isAdmin || anyValid,
    isExCustomer: !isAdmin && isStaff && !anyValid && anyEnded,
    isNewCustomer: !isAdmin && isStaff && !anyValid && !anyEnded,
    rolesByLga,
    managesLga: (lgaCode) => isAdmin || lgaCode in rolesByLga,
    hasRole,
    canManageLGA: (lgaCode) => hasRole('account_manager', lgaCode) || hasRole('closure_administrator', lgaCode),
    canModerateLGA: (lgaCode) =>
      hasRole('account_manager', lgaCode) || hasRole('closure_administrator', lgaCode) ||
      hasRole('submission_moderator', lgaCode),
    lgaCodesWithRole: (role) =>
      Object.entries(rolesByLga).filter(([, roles]) => roles.includes(role)).map(([code]) => code),
  };
}
