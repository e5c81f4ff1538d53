import { signInWithRedirect, type SignInWithRedirectInput } from 'aws-amplify/auth';
import type { SocialProvider } from '../../config/app-config';

export type FederatedProvider = Exclude<SocialProvider, 'EmailLink'>;

/**
 * Google and Facebook are Cognito's built-in provider names; Microsoft is an OIDC provider
 * whose name (lib/auth.ts) Amplify passes through as `custom`.
 */
export function redirectProvider(provider: FederatedProvider): SignInWithRedirectInput['provider'] {
  return provider === 'Microsoft' ? { custom: 'Microsoft' } : provider;
}

/**
 * Leaves for the hosted UI; the redirect target travels as OAuth custom state and comes back
 * on the Hub (oauth-return.ts). Resolves to the error text when the redirect cannot start.
 */
export async function startFederatedSignIn(provider: FederatedProvider, redirect: string | null): Promise<string | null> {
  try {
    await signInWithRedirect({ provider: redirectProvider(provider), customState: redirect ?? undefined });
    return null;
  } catch (err) {
    return `Failed to sign in: ${(err as Error).message}`;
  }
}
