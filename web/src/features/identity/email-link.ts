// Email-link and demo-persona sign-in over Cognito CUSTOM_AUTH (lambdas/core/identity/email-link.ts).
// Cognito hands ClientMetadata to the challenge triggers only on RespondToAuthChallenge, so every
// sign-in opens with a round in which nothing is sent; what the client answers there decides
// whether a link is mailed (REQUEST_LINK) or a code from a link / a demo token is checked.
import { confirmSignIn, signIn } from 'aws-amplify/auth';
import { normaliseEmail } from '../auth/validation';

export const REQUEST_LINK = 'REQUEST_LINK';
const FLOW = { authFlowType: 'CUSTOM_WITHOUT_SRP' } as const;

type SignInOutput = Awaited<ReturnType<typeof signIn>>;

export const LINK_EXPIRED_MESSAGE = 'This sign-in link has already been used or has expired.';

function challengeStep(output: SignInOutput): string | undefined {
  const next = output.nextStep as { signInStep: string; additionalInfo?: Record<string, string> };
  return next.signInStep === 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' ? next.additionalInfo?.step : undefined;
}

function unexpected(output: SignInOutput): Error {
  return new Error(`this account needs a step the app does not support yet (${output.nextStep.signInStep})`);
}

/** Mails a one-time link; resolves once the server confirms it went out (step LINK_SENT). */
export async function requestSignInLink(email: string, redirect: string): Promise<void> {
  const username = normaliseEmail(email);
  const first = await signIn({ username, options: FLOW });
  if (challengeStep(first) !== 'CHOOSE') throw unexpected(first);
  const second = await confirmSignIn({ challengeResponse: REQUEST_LINK, options: { clientMetadata: { action: REQUEST_LINK, redirect } } });
  if (challengeStep(second) !== 'LINK_SENT') throw unexpected(second);
}

/**
 * Answers the first round with a secret (a link's code or a demo token). 'retry' means the
 * server refused it: used, expired or wrong.
 */
export async function signInWithSecret(username: string, secret: string): Promise<'done' | 'retry'> {
  const first = await signIn({ username: normaliseEmail(username), options: FLOW });
  if (first.nextStep.signInStep === 'DONE') return 'done';
  if (challengeStep(first) !== 'CHOOSE') throw unexpected(first);
  const second = await confirmSignIn({ challengeResponse: secret });
  if (second.nextStep.signInStep === 'DONE') return 'done';
  if (challengeStep(second) === 'RETRY') return 'retry';
  throw unexpected(second);
}
