// How each subscription's news also reaches the person by email. Read apart from the
// subscriptions themselves: the map's subscribe button shares those, and never needs these.
import { gql } from '../../../lib/api';

export type EmailMode = 'off' | 'immediate' | 'daily';
export interface SubscriptionChannels {
  kind: 'closure' | 'lga';
  target: string;
  email: EmailMode;
  digestHour: number;
  sms: boolean;
}

export const channelsKey = ['mySubscriptionChannels'] as const;
const FIELDS = 'channels { kind target email digestHour sms }';

export async function fetchSubscriptionChannels(): Promise<SubscriptionChannels[]> {
  return (await gql<{ mySubscriptions: { channels: SubscriptionChannels[] } }>(`query { mySubscriptions { ${FIELDS} } }`)).mySubscriptions.channels;
}

export async function setSubscriptionChannels(change: SubscriptionChannels): Promise<SubscriptionChannels[]> {
  const input = {
    ...(change.kind === 'closure' ? { closureId: change.target } : { lgaCode: change.target }),
    email: change.email.toUpperCase(),
    digestHour: change.digestHour,
    sms: change.sms,
  };
  const data = await gql<{ setSubscriptionChannels: { channels: SubscriptionChannels[] } }>(
    `mutation Channels($input: SubscriptionChannelsInput!) { setSubscriptionChannels(input: $input) { ${FIELDS} } }`,
    { input },
  );
  return data.setSubscriptionChannels.channels;
}
