// Cognito VerifyAuthChallengeResponse: the answer is right when it is the user's current
// sign-in link secret or demo persona token; either is used up by the answer that matches.
// A request for a link is never a right answer (it only moves the sign-in to the next round).
import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { wantsLink } from '../core/identity/email-link';
import { consumeSecret } from '../adapters/identity-secrets';

export const handler = async (event: VerifyAuthChallengeResponseTriggerEvent) => {
  const { userNotFound, clientMetadata, challengeAnswer, userAttributes } = event.request;
  event.response.answerCorrect = false;
  const uid = userAttributes?.sub;
  if (userNotFound || !uid || wantsLink(clientMetadata)) return event;
  const answer = typeof challengeAnswer === 'string' ? challengeAnswer.trim() : '';
  event.response.answerCorrect = (await consumeSecret(uid, 'link', answer)) || (await consumeSecret(uid, 'demo', answer));
  return event;
};
