// The real aws-amplify v6 client against the emulator, in node: what the web app will do.
import { Amplify } from 'aws-amplify';
import { CONNECTION_STATE_CHANGE, ConnectionState, generateClient } from 'aws-amplify/api';
import { Hub } from 'aws-amplify/utils';
import { decodeJwt } from 'jose';
import { WebSocket as NodeWebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, accessToken, startTestApi, type TestApi } from './support';

// Amplify derives wss://HOST/graphql/realtime from a custom endpoint; locally there is no TLS.
class LocalWebSocket extends NodeWebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(String(url).replace(/^wss:\/\/127\.0\.0\.1/, 'ws://127.0.0.1'), protocols);
  }
}

// The branded string types amplify's codegen emits; they select the matching client.graphql overload.
type GeneratedQuery<I, O> = string & { __generatedQueryInput: I; __generatedQueryOutput: O };
type GeneratedMutation<I, O> = string & { __generatedMutationInput: I; __generatedMutationOutput: O };
type GeneratedSubscription<I, O> = string & { __generatedSubscriptionInput: I; __generatedSubscriptionOutput: O };
interface Closure {
  id: string;
  lgaCode: string;
  reason?: string | null;
}

const CLOSURE = /* GraphQL */ `
  query Closure($id: ID!) {
    closure(id: $id) { id lgaCode reason }
  }
` as GeneratedQuery<{ id: string }, { closure: Closure | null }>;
const ME = '{ me { uid username } }' as GeneratedQuery<Record<string, never>, { me: { uid: string; username: string } | null }>;
const FAILING = '{ failing(kind: "typed") }' as GeneratedQuery<Record<string, never>, { failing: string | null }>;
const UPDATE = /* GraphQL */ `
  mutation Update($id: ID!, $lgaCode: String!, $reason: String) {
    updateClosure(id: $id, lgaCode: $lgaCode, reason: $reason) { id lgaCode reason }
  }
` as GeneratedMutation<{ id: string; lgaCode: string; reason?: string }, { updateClosure: Closure | null }>;
const ON_CHANGED = /* GraphQL */ `
  subscription OnChanged($lgaCode: String) {
    onClosureChanged(lgaCode: $lgaCode) { id lgaCode reason }
  }
` as GeneratedSubscription<{ lgaCode?: string }, { onClosureChanged: Closure | null }>;
const ON_STAFF_ONLY = 'subscription { onStaffOnly { id reason } }' as GeneratedSubscription<Record<string, never>, { onStaffOnly: Closure | null }>;

/** Resolves once amplify reports its realtime connection established (after start_ack). */
function connected(): Promise<void> {
  return new Promise((resolve) => {
    const stop = Hub.listen('api', ({ payload }) => {
      const data = payload.data as { connectionState?: string } | undefined;
      if (payload.event === CONNECTION_STATE_CHANGE && data?.connectionState === ConnectionState.Connected) {
        stop();
        resolve();
      }
    });
  });
}

describe('aws-amplify v6 client against the local AppSync', () => {
  let api: TestApi;
  let staffToken: string;
  const originalWebSocket = globalThis.WebSocket;

  beforeAll(async () => {
    api = await startTestApi();
    staffToken = await accessToken(api.issuer, { sub: 'staff-1', username: 'staff' });
    (globalThis as { WebSocket: unknown }).WebSocket = LocalWebSocket;
    Amplify.configure(
      { API: { GraphQL: { endpoint: `${api.url}/graphql`, region: 'ap-southeast-2', defaultAuthMode: 'apiKey', apiKey: API_KEY } } },
      // Stands in for a signed-in Cognito session, so the userPool auth mode sends a real token.
      { Auth: { tokenProvider: { getTokens: async () => ({ accessToken: { payload: decodeJwt(staffToken), toString: () => staffToken } }) } } },
    );
  });
  afterAll(async () => {
    (globalThis as { WebSocket: unknown }).WebSocket = originalWebSocket;
    await api.close();
  });

  it('runs a query with the API key', async () => {
    const client = generateClient();
    const result = await client.graphql({ query: CLOSURE, variables: { id: 'c-amp' } });
    expect(result.data).toEqual({ closure: { id: 'c-amp', lgaCode: '12900', reason: 'Flooding' } });
  });

  it('runs a query as a user-pool user', async () => {
    const client = generateClient({ authMode: 'userPool' });
    const result = await client.graphql({ query: ME });
    expect(result.data).toEqual({ me: { uid: 'staff-1', username: 'staff' } });
  });

  it('surfaces an errorType from a resolver as a GraphQL error', async () => {
    const client = generateClient();
    const failure = await client.graphql({ query: FAILING }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ errors: [expect.objectContaining({ errorType: 'NotFound', message: 'Closure not found' })] });
  });

  it('receives the published mutation on a subscription, filtered by its argument', async () => {
    const client = generateClient();
    const received: unknown[] = [];
    const firstEvent = new Promise<unknown>((resolve, reject) => {
      const subscription = client.graphql({ query: ON_CHANGED, variables: { lgaCode: 'A' } }).subscribe({
        next: ({ data }) => {
          received.push(data);
          subscription.unsubscribe();
          resolve(data);
        },
        error: reject,
      });
    });
    await connected();

    await client.graphql({ query: UPDATE, variables: { id: 'c-b', lgaCode: 'B', reason: 'Not for A' } });
    await client.graphql({ query: UPDATE, variables: { id: 'c-a', lgaCode: 'A', reason: 'Flooding' } });
    expect(await firstEvent).toEqual({ onClosureChanged: { id: 'c-a', lgaCode: 'A', reason: 'Flooding' } });
    expect(received).toHaveLength(1);
  });

  it('subscribes as a user-pool user to a field the API key may not use', async () => {
    const client = generateClient({ authMode: 'userPool' });
    const event = new Promise<unknown>((resolve, reject) => {
      const subscription = client.graphql({ query: ON_STAFF_ONLY }).subscribe({
        next: ({ data }) => {
          subscription.unsubscribe();
          resolve(data);
        },
        error: reject,
      });
    });
    await connected();
    api.appsync.publish('updateClosure', { id: 'c-u', lgaCode: 'U', reason: 'Published by the runtime' });
    expect(await event).toEqual({ onStaffOnly: { id: 'c-u', reason: 'Published by the runtime' } });
  });
});
