import { gql } from '../../../lib/api';

export type EmailState = 'verified' | 'unverified' | 'bounced' | 'complained';
export type MobileState = 'none' | 'pending' | 'verified' | 'opted_out';
export interface AlertChannels {
  email: string | null;
  emailState: EmailState;
  emailAdvice: string;
  mobile: string | null;
  mobileState: MobileState;
  mobileAdvice: string;
  smsOutOfCredit: string[];
}

export const alertChannelsKey = ['alertChannels'] as const;
const FIELDS = 'email emailState emailAdvice mobile mobileState mobileAdvice smsOutOfCredit';

export async function fetchAlertChannels(): Promise<AlertChannels> {
  return (await gql<{ alertChannels: AlertChannels }>(`query { alertChannels { ${FIELDS} } }`)).alertChannels;
}

export async function resumeAlertEmail(): Promise<AlertChannels> {
  return (await gql<{ resumeAlertEmail: AlertChannels }>(`mutation { resumeAlertEmail { ${FIELDS} } }`)).resumeAlertEmail;
}

export async function requestMobileCode(mobile: string): Promise<AlertChannels> {
  return (await gql<{ requestMobileCode: AlertChannels }>(`mutation($m: String!) { requestMobileCode(mobile: $m) { ${FIELDS} } }`, { m: mobile })).requestMobileCode;
}

export async function verifyMobile(code: string): Promise<AlertChannels> {
  return (await gql<{ verifyMobile: AlertChannels }>(`mutation($c: String!) { verifyMobile(code: $c) { ${FIELDS} } }`, { c: code })).verifyMobile;
}

export async function removeMobile(): Promise<AlertChannels> {
  return (await gql<{ removeMobile: AlertChannels }>(`mutation { removeMobile { ${FIELDS} } }`)).removeMobile;
}
