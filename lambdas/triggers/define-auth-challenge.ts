// Cognito DefineAuthChallenge for email-link (and demo persona) sign-in: another custom
// challenge until one is answered correctly, then tokens; too many rounds fail the sign-in.
// The rounds are explained in lambdas/core/identity/email-link.ts.
import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { defineNext } from '../core/identity/email-link';

export const handler = async (event: DefineAuthChallengeTriggerEvent) => {
  const outcome = defineNext(event.request.session ?? []);
  event.response.issueTokens = outcome.issueTokens;
  event.response.failAuthentication = outcome.failAuthentication;
  if ('challengeName' in outcome) event.response.challengeName = outcome.challengeName;
  return event;
};
