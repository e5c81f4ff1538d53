// Loads who the caller is from the database: profile, the LGAs they manage with roles, and each
// LGA's customer status. This is the only source of roles; token claims are never trusted.
import type { CustomerStatus, ManagedLga, Principal, StaffRole } from '../../core/access';
import { adminMfaEnforced, adminStanding, type SignInRoute } from '../../core/identity/mfa';
import { db } from '../db/db';

export interface ProfileRecord {
  uid: string;
  email: string;
  displayName?: string;
  preferredName?: string;
  lgaCode?: string;
  admin: boolean;
  acceptedTermsAt?: number;
  emailVerified?: boolean;
  totpEnrolled?: boolean;
}

export async function getProfile(uid: string): Promise<ProfileRecord | undefined> {
  const { data } = await db().entities.user.get({ uid }).go();
  return data ?? undefined;
}

export async function createProfile(uid: string, email: string, displayName?: string, emailVerified = true): Promise<ProfileRecord> {
  // Conditional create: a second confirmation (or a retried trigger) never overwrites a profile.
  try {
    const item = { uid, email: email.toLowerCase(), displayName, admin: false, ...(emailVerified ? {} : { emailVerified: false }) };
    const { data } = await db().entities.user.create(item).go();
    return data;
  } catch (error) {
    const existing = await getProfile(uid);
    if (existing) return existing;
    throw error;
  }
}

export async function managedLgas(email: string): Promise<ManagedLga[]> {
  const { data: managers } = await db().entities.manager.query.byEmail({ email: email.toLowerCase() }).go({ pages: 'all' });
  if (managers.length === 0) return [];
  const keys = managers.map((m) => ({ lgaCode: m.lgaCode }));
  const [{ data: customers }, { data: lgas }] = await Promise.all([
    db().entities.customer.get(keys).go(),
    db().entities.lga.get(keys.map((k) => ({ code: k.lgaCode }))).go(),
  ]);
  const statusByLga = new Map(customers.map((c) => [c.lgaCode, c.subscriptionStatus as CustomerStatus]));
  const nameByLga = new Map(lgas.map((l) => [l.code, l.name]));
  return managers
    .map((m) => ({
      lgaCode: m.lgaCode,
      lgaName: nameByLga.get(m.lgaCode),
      roles: [...(m.roles ?? [])].sort() as StaffRole[],
      customerStatus: statusByLga.get(m.lgaCode) ?? 'none',
    }))
    .sort((a, b) => a.lgaCode.localeCompare(b.lgaCode));
}

/** `signIn`: how the request's token was obtained (signInRouteOf its claims). */
export async function loadPrincipal(profile: ProfileRecord, signIn: SignInRoute): Promise<Principal> {
  // Roles are granted to an email address; an address nobody proved to own carries none.
  const unverified = profile.emailVerified === false;
  // An administrator without an authenticator app, or signed in through Google, Microsoft or
  // Facebook (where enforced), has no admin power with this token.
  const standing = adminStanding({ admin: profile.admin === true, totpEnrolled: profile.totpEnrolled, signIn }, adminMfaEnforced());
  return {
    uid: profile.uid,
    email: profile.email,
    displayName: profile.displayName,
    admin: standing === 'admin',
    ...(standing === 'setup' ? { adminMfaSetupNeeded: true as const } : {}),
    ...(standing === 'signInAgain' ? { adminSignInNeeded: true as const } : {}),
    lgaCode: profile.lgaCode,
    managed: unverified ? [] : await managedLgas(profile.email),
    ...(unverified ? { emailUnverified: true } : {}),
  };
}

/** The accounts holding these (role-keyed) emails, as uids; an unverified federated profile is not one of them. */
export async function verifiedUidsForEmails(emails: string[]): Promise<string[]> {
  const users = await Promise.all(emails.map((email) => db().entities.user.query.byEmail({ email }).go({ attributes: ['uid', 'emailVerified'] })));
  return users.flatMap((u) => u.data.filter((x) => x.emailVerified !== false).map((x) => x.uid));
}
