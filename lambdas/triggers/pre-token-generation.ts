// Cognito pre-token-generation trigger: where administrators must use an authenticator app,
// an administrator who signs in through the hosted UI (Google, Microsoft or Facebook, where
// Cognito asks for no second factor) gets no tokens. The refusal reaches the app's /login page as
// the hosted UI's error ("... failed with error Administrators sign in with their password and
// authenticator app, ..."), which the login page shows. Native sign-ins (password + code, email
// links for everyone else) pass without a table read.
//
// Locally, cognito-local has no hosted UI or federation and does not call this trigger; unit
// tests run it with events of the shapes Cognito sends.
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { getProfile } from '../adapters/identity/principal';
import { ADMIN_FEDERATED_MESSAGE, HOSTED_TOKEN_GENERATION, adminMfaEnforced, tokensAllowed } from '../core/identity/mfa';

export const handler = async (event: PreTokenGenerationTriggerEvent) => {
  const enforced = adminMfaEnforced();
  if (!enforced || event.triggerSource !== HOSTED_TOKEN_GENERATION) return event;
  const uid = event.request.userAttributes?.sub;
  const admin = uid ? (await getProfile(uid))?.admin === true : false;
  if (!tokensAllowed({ admin, triggerSource: event.triggerSource }, enforced)) {
    // Cognito ends the sign-in and hands this text to the client in the redirect's error_description.
    throw new Error(ADMIN_FEDERATED_MESSAGE);
  }
  return event;
};
