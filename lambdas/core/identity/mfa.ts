// Sign-in hardening for administrators: in AWS an administrator needs an authenticator app
// (TOTP, Cognito's software token MFA) before any admin power works, and cannot sign in with an
// email link, which has no second factor. Staff and residents may turn TOTP on and off.
// Pure decisions; the profile's record of the enrolment is written only after the server has
// asked Cognito (lambdas/api/identity/security.ts), never from what the client says.

/** Set by CDK on every stage but demo (where anyone may pick the admin persona). */
export const ADMIN_MFA_ENV = 'ADMIN_MFA';

export function adminMfaEnforced(env: Record<string, string | undefined> = process.env): boolean {
  return env[ADMIN_MFA_ENV] === 'required';
}

export const ADMIN_MFA_MESSAGE =
  'Administrators must set up an authenticator app before using admin tools: open Profile, then Security';
export const ADMIN_CANNOT_DISABLE_MESSAGE = 'Administrators cannot turn off the authenticator app';

/** Cognito's name for TOTP in AdminGetUser's UserMFASettingList. */
export const SOFTWARE_TOKEN_MFA = 'SOFTWARE_TOKEN_MFA';

export function totpEnrolledIn(mfaSettings: readonly string[] | undefined): boolean {
  return mfaSettings?.includes(SOFTWARE_TOKEN_MFA) ?? false;
}

export interface AdminMfaFacts {
  /** The profile's admin flag (database). */
  admin: boolean;
  /** The profile's record of a verified TOTP enrolment (written after asking Cognito). */
  totpEnrolled?: boolean;
}

/**
 * What an admin profile may do right now: 'admin' with every admin power, 'setup' for an
 * administrator who must enrol TOTP first (no admin power until then), 'none' for everyone else.
 */
export function adminStanding(facts: AdminMfaFacts, enforced: boolean): 'admin' | 'setup' | 'none' {
  if (!facts.admin) return 'none';
  if (!enforced || facts.totpEnrolled === true) return 'admin';
  return 'setup';
}

/** Email-link (and persona) sign-in bypasses the second factor: not for administrators where it is enforced. */
export function emailLinkAllowed(facts: { admin: boolean }, enforced: boolean): boolean {
  return !(enforced && facts.admin);
}

/** Whether the Security screen offers (and the server accepts) turning TOTP off. */
export function mayTurnOffTotp(facts: { admin: boolean }): boolean {
  return !facts.admin;
}

/** The mail an administrator gets instead of a sign-in link. */
export function adminUsesPasswordEmail(siteUrl: string): { subject: string; text: string } {
  const login = new URL('/login', siteUrl).toString();
  return {
    subject: 'Sign in to Road Closures',
    text: [
      'Someone asked for a sign-in link for this administrator account.',
      '',
      `Administrators sign in with their password and the code from their authenticator app: ${login}`,
      '',
      'If it was not you, you can ignore this message.',
    ].join('\n'),
  };
}
