// The authenticator app (TOTP) of the signed-in account: set up and turned off against Cognito
// with the user's own session (aws-amplify), then read back by the API, which records it on the
// profile; that record is what lets an administrator use admin tools.
import { setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { gql } from '../../../lib/api';

export interface MfaStatus {
  totpEnrolled: boolean;
  /** An administrator's account: the app cannot be turned off. */
  admin: boolean;
  /** Administrators must use the app on this deployment. */
  enforced: boolean;
}

const REFRESH = /* GraphQL */ `
  mutation RefreshMfaStatus {
    refreshMfaStatus { totpEnrolled admin enforced }
  }
`;

export const mfaStatusKey = ['mfa-status'] as const;

export async function refreshMfaStatus(): Promise<MfaStatus> {
  const data = await gql<{ refreshMfaStatus: MfaStatus }>(REFRESH, undefined, { authMode: 'userPool' });
  return data.refreshMfaStatus;
}

export interface TotpSetup {
  /** otpauth://totp/… for the QR code and for apps that take the address as text. */
  uri: string;
  /** The shared secret (base32) for typing into an app by hand. */
  secret: string;
}

export async function startTotpSetup(accountName: string): Promise<TotpSetup> {
  const details = await setUpTOTP();
  return { uri: details.getSetupUri('Road Closures', accountName).toString(), secret: details.sharedSecret };
}

/** Checks a code from the app, turns TOTP on as the preferred second factor, and records it. */
export async function finishTotpSetup(code: string): Promise<MfaStatus> {
  await verifyTOTPSetup({ code });
  await updateMFAPreference({ totp: 'PREFERRED' });
  return refreshMfaStatus();
}

export async function turnOffTotp(): Promise<MfaStatus> {
  await updateMFAPreference({ totp: 'DISABLED' });
  return refreshMfaStatus();
}
