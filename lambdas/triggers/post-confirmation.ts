// Cognito post-confirmation trigger: every confirmed user gets a profile item
// (docs/data.md#entities), which is where roles live. Idempotent: confirming twice keeps the first
// profile. A federated user whose provider did not vouch for the email gets a profile marked
// unverified, which carries none of the roles, invitations or council claims granted to that
// address.
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { createProfile } from '../adapters/identity/principal';
import { mirrorGroups } from '../adapters/identity/group-mirror';
import { managesAnyLga } from '../adapters/identity/staff';
import { federatedProviderOf, providerVerifiedEmail } from '../core/identity/federated-email';

/** Native accounts proved their address with a code; federated ones only if their provider says so. */
export function confirmedEmailIsVerified(attributes: Record<string, string | undefined>): boolean {
  const provider = federatedProviderOf(attributes);
  if (provider === undefined) return true;
  return providerVerifiedEmail(provider, attributes, { microsoftTenant: process.env.MICROSOFT_TENANT });
}

export const handler = async (event: PostConfirmationTriggerEvent) => {
  const { sub, email, name } = event.request.userAttributes;
  if (sub && email) {
    const verified = confirmedEmailIsVerified(event.request.userAttributes);
    const profile = await createProfile(sub, email, name || undefined, verified);
    // Someone invited as a manager before signing up is staff from the start. The groups are
    // only a mirror, so a failure here must not fail the sign-up.
    try {
      const staff = profile.emailVerified !== false && (await managesAnyLga(profile.email));
      if (staff || profile.admin) await mirrorGroups(profile.email, { staff }, event.userPoolId);
    } catch (error) {
      console.warn('could not mirror Cognito groups on confirmation', (error as Error).message);
    }
  }
  return event;
};
