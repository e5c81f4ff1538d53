import { gql } from '../../../lib/api';

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushApi {
  publicKey(): Promise<string | null>;
  register(subscription: PushSubscriptionJson, userAgent: string): Promise<void>;
  revoke(endpoint: string): Promise<void>;
}

export const pushApi: PushApi = {
  async publicKey() {
    return (await gql<{ pushPublicKey: string | null }>('query { pushPublicKey }')).pushPublicKey;
  },
  async register(subscription, userAgent) {
    await gql('mutation($input: PushSubscriptionInput!) { registerPushSubscription(input: $input) }', {
      input: { endpoint: subscription.endpoint, keys: subscription.keys, userAgent: userAgent.slice(0, 200) },
    });
  },
  async revoke(endpoint) {
    await gql('mutation($e: String!) { revokePushSubscription(endpoint: $e) }', { e: endpoint });
  },
};
