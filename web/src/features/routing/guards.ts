import type { Access } from '../auth/access';
import type { Role } from '../auth/roles';
import { notFoundWithMessage, PERMISSION_MESSAGE, safeRedirect, withRedirect } from './redirect';

/**
 * Guards are data on each route; `evaluateGuards` applies them in the spec's order (§2), whatever
 * order a route lists them in, and stops at the first that fails.
 */
export type Guard =
  | 'auth'
  | 'activeCustomer'
  | 'staffOfLga'
  | `role:${Role}`
  | 'staff'
  | 'admin'
  | 'localData'
  | 'newCustomer'
  | 'lgaHadSubscription';

type GuardKind = 'auth' | 'activeCustomer' | 'staffOfLga' | 'role' | 'staff' | 'admin' | 'localData' | 'newCustomer' | 'lgaHadSubscription';

/** Spec §2 order 1–8; the per-LGA subscription check of /lga/{code} children is route-specific and runs last. */
export const GUARD_ORDER: readonly GuardKind[] = [
  'auth', 'activeCustomer', 'staffOfLga', 'role', 'staff', 'admin', 'localData', 'newCustomer', 'lgaHadSubscription',
];

export function guardKind(guard: Guard): GuardKind {
  return guard.startsWith('role:') ? 'role' : (guard as GuardKind);
}


export interface GuardContext {
  status: 'loading' | 'anonymous' | 'signedIn';
  access: Access;
  /** Path plus search of the page being opened, for "come back here" redirects. */
  path: string;
  params: Record<string, string | undefined>;
  /** undefined while the check runs. */
  localDataInstalled?: boolean;
  /** Subscription status of the LGA in the route (/lga/{code}); undefined while loading. */
  routeLgaCustomerStatus?: string;
}

export type GuardResult =
  | { kind: 'allow' }
  | { kind: 'pending'; waitingFor: GuardKind }
  | { kind: 'redirect'; to: string }
  | { kind: 'error'; message: string };

const allow: GuardResult = { kind: 'allow' };

function checkOne(guard: Guard, ctx: GuardContext): GuardResult {
  const { access } = ctx;
  switch (guardKind(guard)) {
    case 'auth':
      if (ctx.status === 'loading') return { kind: 'pending', waitingFor: 'auth' };
      return ctx.status === 'signedIn' ? allow : { kind: 'redirect', to: withRedirect('/login', ctx.path) };
    case 'activeCustomer':
      return access.hasActiveCustomer ? allow : { kind: 'redirect', to: '/dashboard' };
    case 'staffOfLga': {
      const code = ctx.params.code ?? ctx.params.lgaCode;
      return code && access.managesLga(code) ? allow : { kind: 'redirect', to: '/dashboard' };
    }
    case 'role': {
      const role = guard.slice('role:'.length) as Role;
      // Inside /lga/{code} a role counts only for that LGA; elsewhere holding it for any LGA is enough.
      const code = ctx.params.code ?? ctx.params.lgaCode;
      return access.hasRole(role, code) ? allow : { kind: 'redirect', to: notFoundWithMessage(PERMISSION_MESSAGE) };
    }
    case 'staff':
      return access.isStaff || access.isAdmin ? allow : { kind: 'redirect', to: '/dashboard' };
    case 'admin':
      return access.isAdmin ? allow : { kind: 'redirect', to: '/dashboard' };
    case 'localData':
      if (ctx.localDataInstalled === undefined) return { kind: 'pending', waitingFor: 'localData' };
      return ctx.localDataInstalled ? allow : { kind: 'redirect', to: withRedirect('/init', ctx.path) };
    case 'newCustomer':
      // Guard 8 itself runs in the onboarding pages (features/billing/onboarding-check.ts), off the
      // app shell that every page loads; here, only a visitor is sent to sign in first.
      if (ctx.status === 'loading') return { kind: 'pending', waitingFor: 'newCustomer' };
      return ctx.status === 'anonymous' ? { kind: 'redirect', to: withRedirect('/login', ctx.path) } : allow;
    case 'lgaHadSubscription': {
      if (ctx.routeLgaCustomerStatus === undefined) return { kind: 'pending', waitingFor: 'lgaHadSubscription' };
      const code = ctx.params.code ?? ctx.params.lgaCode ?? '';
      return ctx.routeLgaCustomerStatus === 'none' ? { kind: 'redirect', to: `/lga/${encodeURIComponent(code)}/billing` } : allow;
    }
  }
}

export function sortGuards(guards: readonly Guard[]): Guard[] {
  return [...guards].sort((a, b) => GUARD_ORDER.indexOf(guardKind(a)) - GUARD_ORDER.indexOf(guardKind(b)));
}

export function evaluateGuards(guards: readonly Guard[], ctx: GuardContext): GuardResult {
  for (const guard of sortGuards(guards)) {
    const result = checkOne(guard, ctx);
    if (result.kind !== 'allow') return result;
  }
  return allow;
}

/** Public entry pages send a signed-in user on: /home to the dashboard, /login and /sign-up to ?redirect=. */
export type SignedInRedirect = 'dashboard' | 'redirectQuery';

export function signedInRedirect(mode: SignedInRedirect | undefined, ctx: Pick<GuardContext, 'status'>, search: string): GuardResult {
  if (!mode) return allow;
  if (ctx.status === 'loading') return { kind: 'pending', waitingFor: 'auth' };
  if (ctx.status !== 'signedIn') return allow;
  if (mode === 'dashboard') return { kind: 'redirect', to: '/dashboard' };
  return { kind: 'redirect', to: safeRedirect(new URLSearchParams(search).get('redirect')) };
}
