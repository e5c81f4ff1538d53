// Cognito post-confirmation trigger: every confirmed user gets a profile item (DESIGN §5), which
// is where roles live. Idempotent: confirming twice keeps the first profile.
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { createProfile } from '../adapters/principal';
import { mirrorGroups } from '../adapters/cognito';
import { managesAnyLga } from '../adapters/identity-staff';

export const handler = async (event: PostConfirmationTriggerEvent) => {
  const { sub, email, name } = event.request.userAttributes;
  if (sub && email) {
    const profile = await createProfile(sub, email, name || undefined);
    // Someone invited as a manager before signing up is staff from the start. The groups are
    // only a mirror, so a failure here must not fail the sign-up.
    try {
      const staff = await managesAnyLga(profile.email);
      if (staff || profile.admin) await mirrorGroups(profile.email, { admin: profile.admin, staff }, event.userPoolId);
    } catch (error) {
      console.warn('could not mirror Cognito groups on confirmation', (error as Error).message);
    }
  }
  return event;
};
