// What "Request Access to LGA" is decided from: the councils at the user's mail domain (read
// through the mail-domain lookup, one Query per candidate domain, never a Scan) and whether the
// user already has a request waiting for an answer.
import { candidateEmailDomains, type RequestAccessFacts } from '../../core/identity/request-access';
import { db } from '../db/db';
import { requestsOfUser } from './staff';

/** The LGAs (code and current emailSuffix) whose mail domain the email is at or under. */
export async function councilsAtMailDomain(email: string): Promise<{ code: string; emailSuffix?: string }[]> {
  const domains = candidateEmailDomains(email);
  const hits = await Promise.all(domains.map((domain) => db().entities.mailDomain.query.byDomain({ domain }).go({ limit: 10 })));
  const codes = [...new Set(hits.flatMap((h) => h.data.map((d) => d.lgaCode)))];
  if (codes.length === 0) return [];
  // The LGA item is the truth; the caller re-checks its suffix against the email.
  const { data } = await db().entities.lga.get(codes.map((code) => ({ code }))).go({ attributes: ['code', 'emailSuffix'] });
  return data.map((lga) => ({ code: lga.code, emailSuffix: lga.emailSuffix }));
}

export async function requestAccessFacts(uid: string, email: string): Promise<RequestAccessFacts> {
  const [councils, requests] = await Promise.all([councilsAtMailDomain(email), requestsOfUser(uid)]);
  return { councils, pendingRequests: requests.filter((r) => r.status === 'pending').length };
}
