// When signing an LGA request fails for a reason the user cannot fix (here: the database is
// unreachable), they get the spec's message rather than internals or the generic text.
import type { AppSyncResolverEvent, Context } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';

let handler: typeof import('../../../lambdas/api/identity/handler').handler;

beforeAll(async () => {
  Object.assign(process.env, {
    TABLE_NAME: 'unreachable',
    DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
    AWS_REGION: 'ap-southeast-2',
    AWS_ACCESS_KEY_ID: 'x',
    AWS_SECRET_ACCESS_KEY: 'x',
    AWS_MAX_ATTEMPTS: '1',
  });
  // Importing the whole identity handler is slow on a busy machine; the import is not under test.
  ({ handler } = await import('../../../lambdas/api/identity/handler'));
}, 60_000);

describe('signLgaRequest', () => {
  it('says "Oops! Something went wrong signing the request." and nothing internal', async () => {
    const event = {
      arguments: { lgaCode: '12900' },
      identity: { sub: 'u-1', username: 'u-1', claims: { sub: 'u-1', email: 'u@example.com' } },
      info: { fieldName: 'signLgaRequest', parentTypeName: 'Mutation' },
      source: null,
      request: { headers: {} },
    } as unknown as AppSyncResolverEvent<Record<string, unknown>>;
    const context = { functionName: 'identity', awsRequestId: '1', getRemainingTimeInMillis: () => 1000 } as unknown as Context;
    const error = (await handler(event, context).catch((e: Error) => e)) as Error;
    expect(error).toMatchObject({ name: 'Internal', message: 'Oops! Something went wrong signing the request.' });
  });
});
