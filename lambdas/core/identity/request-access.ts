// Who sees "Request Access to LGA" (spec §2): someone at a council's mail domain (the managed
// claim, lambdas/core/access.ts) who is not on any LGA's managers list yet and has no request
// waiting for an answer. Decided here from database facts the adapters load.
import { emailMatchesSuffix, holdsManagedClaim, normaliseEmailSuffix, type Principal } from '../access';

/** Deepest subdomain first; a bare top-level domain ("au") is never a council's mail domain. */
const MAX_DOMAIN_LABELS = 10;

/**
 * The mail domains an email could be matched by: its own domain and each parent down to two
 * labels ("it.forbes.nsw.gov.au" → it.forbes.nsw.gov.au, forbes.nsw.gov.au, nsw.gov.au, gov.au).
 * These are the keys the LGA lookup by mail domain is read with.
 */
export function candidateEmailDomains(email: string): string[] {
  const domain = normaliseEmailSuffix(email.trim().toLowerCase().split('@')[1]);
  if (!domain || email.split('@').length !== 2) return [];
  const labels = domain.split('.').filter(Boolean);
  if (labels.length < 2 || labels.length > MAX_DOMAIN_LABELS) return [];
  const domains: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) domains.push(labels.slice(i).join('.'));
  return domains;
}

export interface RequestAccessFacts {
  /** LGAs whose mail domain is one of the email's candidate domains (re-checked here). */
  councils: { code: string; emailSuffix?: string }[];
  /** The user's access requests still waiting for an answer. */
  pendingRequests: number;
}

/** canRequestAccess on `me`: the managed claim for some council, no assignment, nothing pending. */
export function canRequestAccess(p: Principal, facts: RequestAccessFacts): boolean {
  if (p.admin || p.emailUnverified || p.managed.length > 0 || facts.pendingRequests > 0) return false;
  return facts.councils.some((lga) => emailMatchesSuffix(p.email, lga.emailSuffix) && holdsManagedClaim(p, lga));
}
