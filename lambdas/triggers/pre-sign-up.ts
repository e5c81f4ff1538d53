// Cognito PreSignUp: the first Google, Microsoft or Facebook sign-in of someone who already has
// an account with the same (verified) email is linked to that account, so they keep one
// identity, one profile and their roles. Cognito still ends that first federated sign-in with an
// error ("Already found an entry for username …"): the web client signs in with the provider
// again, which then succeeds as the linked account.
//
// Locally, cognito-local has no hosted UI or federation, so this path cannot be reached there;
// its sign-ups (PreSignUp_SignUp) pass through unchanged. Unit tests cover the decision.
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { linkProviderToUser, usersWithEmail } from '../adapters/cognito';

const PROVIDER_NAMES = ['Google', 'Facebook', 'Microsoft', 'SignInWithApple', 'LoginWithAmazon'];

/** "google_1234" → { providerName: 'Google', providerUserId: '1234' } (Cognito lower-cases the prefix). */
export function federatedIdentity(userName: string): { providerName: string; providerUserId: string } | undefined {
  const separator = userName.indexOf('_');
  if (separator <= 0 || separator === userName.length - 1) return undefined;
  const prefix = userName.slice(0, separator);
  const providerName = PROVIDER_NAMES.find((name) => name.toLowerCase() === prefix.toLowerCase()) ?? prefix;
  return { providerName, providerUserId: userName.slice(separator + 1) };
}

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
  await linkProviderToUser({ userPoolId: event.userPoolId, existingUsername: existing.username, ...identity });
  return event;
};
