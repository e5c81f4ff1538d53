import { gql } from '../../../lib/api';

export type EmailState = 'verified' | 'unverified' | 'bounced' | 'complained';
export interface AlertChannels {
  email: string | null;
  emailState: EmailState;
  emailAdvice: string;
}

export const alertChannelsKey = ['alertChannels'] as const;
const FIELDS = 'email emailState emailAdvice';

export async function fetchAlertChannels(): Promise<AlertChannels> {
  return (await gql<{ alertChannels: AlertChannels }>(`query { alertChannels { ${FIELDS} } }`)).alertChannels;
}

export async function resumeAlertEmail(): Promise<AlertChannels> {
  return (await gql<{ resumeAlertEmail: AlertChannels }>(`mutation { resumeAlertEmail { ${FIELDS} } }`)).resumeAlertEmail;
}
