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
  /** How the token of this request was obtained (signInRouteOf its claims). */
  signIn: SignInRoute;
}

/**
 * What an admin profile may do right now: 'admin' with every admin power, 'signInAgain' for an
 * administrator whose token did not come from the app's own sign-in (a Google, Microsoft or
 * Facebook sign-in, where Cognito asks for no second factor), 'setup' for an administrator who
 * must enrol TOTP first (no admin power until then), 'none' for everyone else.
 */
export function adminStanding(facts: AdminMfaFacts, enforced: boolean): 'admin' | 'signInAgain' | 'setup' | 'none' {
  if (!facts.admin) return 'none';
  if (!enforced) return 'admin';
  if (facts.signIn !== 'native') return 'signInAgain';
  return facts.totpEnrolled === true ? 'admin' : 'setup';
}

// --- Federated sign-in of administrators -------------------------------------------------------
// Cognito asks for no second factor when someone signs in through Google, Microsoft or Facebook:
// it leaves authentication to the provider. Where the authenticator app is required, an
// administrator therefore gets no tokens from the hosted sign-in (the pre-token-generation
// trigger refuses them), and admin operations accept only an access token of the app's own
// sign-in (password + authenticator code through the Cognito API).

export const ADMIN_FEDERATED_MESSAGE =
  'Administrators sign in with their password and authenticator app, not with Google, Microsoft or Facebook';

/**
 * The scope Cognito writes into access tokens issued by its API sign-in (InitiateAuth / SRP /
 * RespondToAuthChallenge). Hosted (OAuth) sign-ins carry only the scopes the app client asked
 * for, and the web client's allowed OAuth scopes exclude this one (lib/auth.ts, checked by a CDK
 * test), so a token from Google, Microsoft or Facebook never has it.
 */
export const NATIVE_SIGN_IN_SCOPE = 'aws.cognito.signin.user.admin';

/** 'native': the app's own sign-in; 'hosted': the hosted UI (federated); 'unknown': an ID token or no claims. */
export type SignInRoute = 'native' | 'hosted' | 'unknown';

export function signInRouteOf(claims: Record<string, unknown> | null | undefined): SignInRoute {
  if (!claims || claims.token_use !== 'access') return 'unknown';
  const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
  return scopes.includes(NATIVE_SIGN_IN_SCOPE) ? 'native' : 'hosted';
}

/** Cognito's triggerSource of a pre-token-generation event from the hosted UI (federated providers among them). */
export const HOSTED_TOKEN_GENERATION = 'TokenGeneration_HostedAuth';

/**
 * Whether Cognito may issue tokens for this sign-in: not for an administrator who signed in
 * through the hosted UI where the authenticator app is required. Native sign-ins
 * (TokenGeneration_Authentication, _NewPasswordChallenge, _AuthenticateDevice) and refreshes are
 * issued; a refresh of an older hosted session is caught by the API (signInRouteOf).
 */
export function tokensAllowed(facts: { admin: boolean; triggerSource: string }, enforced: boolean): boolean {
  return !(enforced && facts.admin && facts.triggerSource === HOSTED_TOKEN_GENERATION);
}

/** Why an administrator's admin operation is refused (undefined: the generic Forbidden message). */
export function adminRefusalMessage(p: { adminMfaSetupNeeded?: true; adminSignInNeeded?: true }): string | undefined {
  if (p.adminSignInNeeded) return ADMIN_FEDERATED_MESSAGE;
  return p.adminMfaSetupNeeded ? ADMIN_MFA_MESSAGE : undefined;
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
