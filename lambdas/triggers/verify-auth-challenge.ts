// Cognito VerifyAuthChallengeResponse: the answer is right when it is the user's current
// sign-in link secret or demo persona token; either is used up by the answer that matches.
// A request for a link is never a right answer (it only moves the sign-in to the next round), and
// where administrators must use an authenticator app no answer signs an administrator in.
import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { wantsLink } from '../core/identity/email-link';
import { consumeSecret } from '../adapters/identity/secrets';
import { getProfile } from '../adapters/identity/principal';
import { adminMfaEnforced, emailLinkAllowed } from '../core/identity/mfa';

export const handler = async (event: VerifyAuthChallengeResponseTriggerEvent) => {
  const { userNotFound, clientMetadata, challengeAnswer, userAttributes } = event.request;
  event.response.answerCorrect = false;
  const uid = userAttributes?.sub;
  if (userNotFound || !uid || wantsLink(clientMetadata)) return event;
  // No email link or persona token signs an administrator in where the second factor is required.
  if (adminMfaEnforced() && !emailLinkAllowed({ admin: (await getProfile(uid))?.admin === true }, true)) return event;
  const answer = typeof challengeAnswer === 'string' ? challengeAnswer.trim() : '';
  event.response.answerCorrect = (await consumeSecret(uid, 'link', answer)) || (await consumeSecret(uid, 'demo', answer));
  return event;
};
