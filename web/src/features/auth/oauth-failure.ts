// What /login says when the hosted UI (Google, Microsoft, Facebook) came back with an error.
// Where administrators must use an authenticator app, Cognito refuses an administrator's
// federated sign-in (lambdas/triggers/pre-token-generation.ts) and wraps the trigger's text in its
// own words ("PreTokenGeneration failed with error …"): the page shows that text alone and offers
// the password form.

/** The trigger's text (lambdas/core/identity/mfa.ts ADMIN_FEDERATED_MESSAGE; a unit test keeps them equal). */
export const ADMIN_FEDERATED_TEXT =
  'Administrators sign in with their password and authenticator app, not with Google, Microsoft or Facebook';

export function isAdminFederatedRefusal(message: string | null | undefined): boolean {
  return typeof message === 'string' && message.includes(ADMIN_FEDERATED_TEXT);
}

export function oauthFailureMessage(message: string | undefined): string {
  if (isAdminFederatedRefusal(message)) return `${ADMIN_FEDERATED_TEXT}.`;
  return `Failed to sign in: ${message ?? 'the provider did not complete the sign-in'}`;
}
