// Talking to the test stack as a client would: Cognito sign-in for tokens, GraphQL over HTTP.
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { setLocalEventSink, type DomainEvent } from '../../lambdas/adapters/platform/events';
import { deliverMailLocally } from '../../lambdas/adapters/platform/mail';
import { outboxMailSink } from '../../local/outbox';
import { deliverSmsLocally } from '../../lambdas/adapters/alerts/sms-out';
import { smsOutboxSink } from '../../local/sms-outbox';

/** Domain events published by handlers that run inside this test worker. */
export const workerEvents: DomainEvent[] = [];

export const DEMO_PASSWORD = 'LocalDemo#2026';

export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number;
  data?: T;
  errors?: { message: string; errorType?: string; path?: string[] }[];
}

export async function signIn(email: string, password = DEMO_PASSWORD) {
  const stack = inject('stack');
  const client = new CognitoIdentityProviderClient({
    region: 'ap-southeast-2',
    endpoint: `http://127.0.0.1:${stack.ports.cognito}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const result = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const auth = result.AuthenticationResult!;
  return { accessToken: auth.AccessToken!, idToken: auth.IdToken!, refreshToken: auth.RefreshToken! };
}

export type Auth = { apiKey: true } | { token: string } | { none: true } | { headers: Record<string, string> };

export async function gql<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  auth: Auth = { apiKey: true },
): Promise<GraphQLResponse<T>> {
  const stack = inject('stack');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if ('apiKey' in auth) headers['x-api-key'] = stack.apiKey;
  if ('token' in auth) headers.authorization = auth.token;
  if ('headers' in auth) Object.assign(headers, auth.headers);
  const response = await fetch(`${stack.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const body = (await response.json()) as Omit<GraphQLResponse<T>, 'status'>;
  return { status: response.status, ...body };
}

/** Points this worker's data layer at the test stack's DynamoDB Local table. */
export function useStackTable() {
  const stack = inject('stack');
  Object.assign(process.env, {
    AWS_REGION: 'ap-southeast-2',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: stack.tableName,
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${stack.ports.dynamodb}`,
  });
  // Handlers called directly in this worker publish here instead of to SNS, and mail as the
  // stack's own handlers do: to the outbox /dev/mail lists.
  setLocalEventSink((event) => workerEvents.push(event));
  deliverMailLocally(outboxMailSink(stack.dataDir));
  deliverSmsLocally(smsOutboxSink(stack.dataDir));
}

/**
 * As useStackTable, and the stack's s3rver feeds bucket as a schedule's Lambda has it (the hourly
 * housekeeping rewrites the open feeds; the state hazards import writes its file there).
 */
export function useStackFeedsBucket() {
  useStackTable();
  Object.assign(process.env, {
    S3_ENDPOINT: `http://127.0.0.1:${inject('stack').ports.s3}`,
    FEEDS_BUCKET: 'road-closures-feeds',
    // s3rver's own key pair; DynamoDB Local takes any.
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  });
}
