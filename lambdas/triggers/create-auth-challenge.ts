// Cognito CreateAuthChallenge: the first round (CHOOSE) sends nothing; a round asked for with
// clientMetadata { action: 'REQUEST_LINK', redirect } emails a one-time sign-in link valid 15
// minutes. Nothing is sent for an unknown email (Cognito calls us with userNotFound), and
// nothing new within 30 s of the last link, so the form cannot be used to flood a mailbox.
import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import {
  LINK_RESEND_SECONDS,
  LINK_TTL_SECONDS,
  challengeStep,
  hashSecret,
  newSecret,
  signInEmail,
  signInLink,
} from '../core/identity/email-link';
import { getSecret, storeSecret } from '../adapters/identity/secrets';
import { sendMail } from '../adapters/platform/mail';
import { getProfile } from '../adapters/identity/principal';
import { adminMfaEnforced, adminUsesPasswordEmail, emailLinkAllowed } from '../core/identity/mfa';

async function sendLink(uid: string, email: string, redirect: string | undefined): Promise<void> {
  const siteUrl = process.env.SITE_URL;
  if (!siteUrl) throw new Error('SITE_URL is not set');
  // A link has no second factor: an administrator is told to sign in with password and app
  // instead (the form answers the same for everyone, so it does not reveal who is an admin).
  const profile = adminMfaEnforced() ? await getProfile(uid) : undefined;
  if (profile && !emailLinkAllowed({ admin: profile.admin === true }, true)) {
    await sendMail({ to: email, ...adminUsesPasswordEmail(siteUrl) });
    return;
  }
  const now = Math.floor(Date.now() / 1000);
  const previous = await getSecret(uid, 'link');
  if (previous && previous.expiresAt > now && previous.createdAt > now - LINK_RESEND_SECONDS) return;
  const secret = newSecret();
  await storeSecret(uid, 'link', hashSecret(secret), LINK_TTL_SECONDS);
  const link = signInLink(siteUrl, email, secret, redirect ?? '');
  await sendMail({ to: email, ...signInEmail(link), code: secret });
}

export const handler = async (event: CreateAuthChallengeTriggerEvent) => {
  const { session, clientMetadata, userNotFound, userAttributes } = event.request;
  const step = challengeStep(session?.length ?? 0, clientMetadata);
  if (step === 'LINK_SENT' && !userNotFound && userAttributes.sub && userAttributes.email) {
    await sendLink(userAttributes.sub, userAttributes.email.toLowerCase(), clientMetadata?.redirect);
  }
  event.response.publicChallengeParameters = { step };
  event.response.privateChallengeParameters = { step };
  event.response.challengeMetadata = step;
  return event;
};
