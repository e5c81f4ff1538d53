// Cognito post-confirmation trigger: every confirmed user gets a profile item (DESIGN §5), which
// is where roles live. Idempotent: confirming twice keeps the first profile.
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { createProfile } from '../adapters/principal';

export const handler = async (event: PostConfirmationTriggerEvent) => {
  const { sub, email, name } = event.request.userAttributes;
  if (sub && email) await createProfile(sub, email, name || undefined);
  return event;
};
