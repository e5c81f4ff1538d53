// Cognito PreSignUp: the first Google or Microsoft sign-in of someone who already has an account
// with the same (verified) email is linked to that account, so they keep one identity, one
// profile and their roles. Cognito still ends that first federated sign-in with an error
// ("Already found an entry for username …"): the web client signs in with the provider again,
// which then succeeds as the linked account.
//
// Linking happens only when the provider asserts that its user proved the address (see
// core/identity/federated-email). A federated sign-in whose email is not verified by its provider
// is refused when an account with that email exists (it would otherwise be a second account
// wearing someone else's address); without one it becomes a new account whose profile carries
// no email-keyed roles (post-confirmation records that the email is unverified).
//
// Locally, cognito-local has no hosted UI or federation, so this path cannot be reached there;
// its sign-ups (PreSignUp_SignUp) pass through unchanged. Unit tests cover the decision.
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { linkProviderToUser, usersWithEmail } from '../adapters/identity/cognito';
import { providerVerifiedEmail } from '../core/identity/federated-email';

const PROVIDER_NAMES = ['Google', 'Facebook', 'Microsoft', 'SignInWithApple', 'LoginWithAmazon'];

/** "google_1234" → { providerName: 'Google', providerUserId: '1234' } (Cognito lower-cases the prefix). */
export function federatedIdentity(userName: string): { providerName: string; providerUserId: string } | undefined {
  const separator = userName.indexOf('_');
  if (separator <= 0 || separator === userName.length - 1) return undefined;
  const prefix = userName.slice(0, separator);
  const providerName = PROVIDER_NAMES.find((name) => name.toLowerCase() === prefix.toLowerCase()) ?? prefix;
  return { providerName, providerUserId: userName.slice(separator + 1) };
}

/** The message Cognito shows on the hosted UI's redirect when a sign-in is refused. */
export const UNVERIFIED_PROVIDER_EMAIL = 'An account with this email already exists. Sign in with your email address first; your provider did not confirm that this address is yours.';

export const handler = async (event: PreSignUpTriggerEvent) => {
  if (event.triggerSource !== 'PreSignUp_ExternalProvider') return event;
  const email = event.request.userAttributes.email?.toLowerCase();
  const identity = federatedIdentity(event.userName);
  if (!email || !identity) return event;
  // Only an enabled native account whose email Cognito verified: linking to an unverified
  // address would let anyone claim it through a provider account with that address.
  const existing = (await usersWithEmail(email, event.userPoolId)).find(
    (user) => user.status !== 'EXTERNAL_PROVIDER' && user.emailVerified && user.enabled,
  );
  if (!existing) return event;
  if (!providerVerifiedEmail(identity.providerName, event.request.userAttributes, { microsoftTenant: process.env.MICROSOFT_TENANT })) {
    throw new Error(UNVERIFIED_PROVIDER_EMAIL);
  }
  await linkProviderToUser({ userPoolId: event.userPoolId, existingUsername: existing.username, ...identity });
  return event;
};
