import type { Access } from '../auth/access';
import { isValidCustomerStatus } from '../auth/access';
import { isEmailAddress, normaliseEmail } from '../auth/validation';
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

export interface OnboardingSubject {
  email: string | null;
  /** The council the onboarding is for; null when the code is unknown to the server. */
  lga: { code: string; name?: string | null; customerStatus: string; emailSuffix?: string | null } | null;
  /** /onboard without ?lga=: the page lets the user pick the council; the LGA checks run once one is picked. */
  choosing?: boolean;
}

export interface GuardContext {
  status: 'loading' | 'anonymous' | 'signedIn';
  access: Access;
  /** Path plus search of the page being opened, for "come back here" redirects. */
  path: string;
  params: Record<string, string | undefined>;
  /** undefined while the check runs. */
  localDataInstalled?: boolean;
  onboarding?: OnboardingSubject;
  /** Subscription status of the LGA in the route (/lga/{code}); undefined while loading. */
  routeLgaCustomerStatus?: string;
}

export type GuardResult =
  | { kind: 'allow' }
  | { kind: 'pending'; waitingFor: GuardKind }
  | { kind: 'redirect'; to: string }
  | { kind: 'error'; message: string; detail?: string; next?: { label: string; to: string }[] };

const allow: GuardResult = { kind: 'allow' };

/** The server's match (core/access emailMatchesSuffix): the council's domain or one of its subdomains. */
export function atCouncilDomain(email: string, suffix: string | null | undefined): boolean {
  const domain = email.split('@')[1];
  const wanted = suffix?.trim().toLowerCase().replace(/^[@.]+/, '');
  return !!domain && !!wanted && (domain === wanted || domain.endsWith(`.${wanted}`));
}

const FEEDBACK_HINT = 'Tell us with the Feedback button at the foot of the page';

/**
 * Guard 8 in the spec's order (the email, then the council), telling each visitor what is true for
 * them: a visitor signs in first; the council's own staff go on (to resubscribe, or to the success
 * page once it pays); a council that already pays is not offered to others; a council without a
 * mail domain on record cannot be subscribed from here by anyone but an administrator.
 */
function checkOnboarding(subject: OnboardingSubject, ctx: GuardContext): GuardResult {
  const { path, access } = ctx;
  if (ctx.status === 'anonymous') return { kind: 'redirect', to: withRedirect('/login', path) };
  const email = subject.email ? normaliseEmail(subject.email) : '';
  if (!isEmailAddress(email)) return { kind: 'error', message: 'Invalid email address' };
  if (subject.choosing) return allow;
  const lga = subject.lga;
  if (!lga) return { kind: 'error', message: 'Invalid LGA', next: [{ label: 'Choose your council', to: '/onboard' }] };
  const name = lga.name ?? `LGA ${lga.code}`;
  const onSuccessPage = path.startsWith('/onboard/success');
  const paying = isValidCustomerStatus(lga.customerStatus);
  const ours = access.isAdmin || access.managesLga(lga.code) || atCouncilDomain(email, lga.emailSuffix);

  if (paying && ours) return onSuccessPage ? allow : { kind: 'redirect', to: `/onboard/success?lga=${encodeURIComponent(lga.code)}` };
  if (onSuccessPage && ours) return { kind: 'redirect', to: `/onboard?lga=${encodeURIComponent(lga.code)}` };
  if (access.isAdmin || access.managesLga(lga.code)) return allow;
  if (paying) {
    return {
      kind: 'error',
      message: 'Invalid email address',
      detail: `${name} already has a subscription. Its account managers give the council's staff their roles: ask one of them.`,
      next: [{ label: 'Go to your dashboard', to: '/dashboard' }],
    };
  }
  if (!lga.emailSuffix) {
    return {
      kind: 'error',
      message: 'Invalid email address',
      detail: `${name} has no council mail domain on record yet, so its staff cannot subscribe it from here. ${FEEDBACK_HINT}, and an administrator will add it.`,
    };
  }
  if (!atCouncilDomain(email, lga.emailSuffix)) {
    return {
      kind: 'error',
      message: 'Invalid email address',
      detail: `Subscribing ${name} needs an email address at ${lga.emailSuffix.replace(/^[@.]+/, '')}. Sign in with your council address.`,
      next: [{ label: 'Sign in with another address', to: '/logout' }],
    };
  }
  return allow;
}

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
      if (ctx.status === 'loading' || !ctx.onboarding) return { kind: 'pending', waitingFor: 'newCustomer' };
      return checkOnboarding(ctx.onboarding, ctx);
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
