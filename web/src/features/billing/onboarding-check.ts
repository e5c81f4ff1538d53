// Guard 8, the new-customer check by email suffix, run by the onboarding pages (not the app
// shell's router: only these pages need it). Its errors are the spec's two, "Invalid email address"
// and "Invalid LGA"; each comes with what is true for this visitor and the next step that works.
import { isValidCustomerStatus } from '../auth/access';
import { isEmailAddress, normaliseEmail } from '../auth/validation';
import type { GuardContext } from '../routing/guards';

export type OnboardingCheck =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'error'; message: string; detail?: string; next?: { label: string; to: string }[] };

/** Who is onboarding which council (undefined while either is loading). */
export interface OnboardingSubject {
  email: string | null;
  /** The council the onboarding is for; null when the code is unknown to the server. */
  lga: { code: string; name?: string | null; customerStatus: string; emailSuffix?: string | null } | null;
  /** /onboard without ?lga=: the page lets the user pick the council; the LGA checks run once one is picked. */
  choosing?: boolean;
}

const allow: OnboardingCheck = { kind: 'allow' };

/** The server's match (core/access emailMatchesSuffix): the council's domain or one of its subdomains. */
export function atCouncilDomain(email: string, suffix: string | null | undefined): boolean {
  const domain = email.split('@')[1];
  const wanted = suffix?.trim().toLowerCase().replace(/^[@.]+/, '');
  return !!domain && !!wanted && (domain === wanted || domain.endsWith(`.${wanted}`));
}

const FEEDBACK_HINT = 'Tell us with the Feedback button at the foot of the page';

/**
 * Guard 8 in the spec's order (the email, then the council), telling each visitor what is true for
 * them (a visitor was sent to sign in by the route's guard): the council's own staff go on (to resubscribe, or to the success
 * page once it pays); a council that already pays is not offered to others; a council without a
 * mail domain on record cannot be subscribed from here by anyone but an administrator.
 */
export function checkOnboarding(subject: OnboardingSubject, ctx: Pick<GuardContext, 'path' | 'access'>): OnboardingCheck {
  const { path, access } = ctx;
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
