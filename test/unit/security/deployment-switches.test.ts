// Demo data (/genseed) and loopback push endpoints are allowed by an explicit switch in the
// functions' environment (ALLOW_GENSEED, ALLOW_LOOPBACK_PUSH), never by the stage's name: a
// production stage named anything but `prod` refuses demo data, and a stage named `local` in AWS
// accepts no push endpoint on loopback. Both refusals come before any database access.
import type { AppSyncResolverEvent, Context } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { handler as genseed } from '../../../lambdas/api/genseed/handler';
import { handler as notifications } from '../../../lambdas/api/notifications/handler';
import { DEMO_DATA_REFUSED_ON_PROD } from '../../../lambdas/core/admin/demo-data';

const context = { functionName: 'test', awsRequestId: '1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
const event = (fieldName: string, args: Record<string, unknown>) =>
  ({ arguments: args, identity: { sub: 'admin-uid', claims: {} }, info: { fieldName, parentTypeName: 'Mutation' }, source: null, request: { headers: {} } }) as unknown as AppSyncResolverEvent<Record<string, unknown>>;

const saved = { ...process.env };
afterEach(() => {
  for (const key of ['STAGE', 'ALLOW_GENSEED', 'ALLOW_LOOPBACK_PUSH']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

const register = (endpoint: string) =>
  notifications(event('registerPushSubscription', { input: { endpoint, keys: { p256dh: 'p', auth: 'a' } } }), context);

describe('push endpoints on loopback', () => {
  it('are refused on a stage named local without the switch', async () => {
    process.env.STAGE = 'local';
    delete process.env.ALLOW_LOOPBACK_PUSH;
    await expect(register('http://127.0.0.1:9999/push/1')).rejects.toMatchObject({ name: 'ValidationError', message: 'Invalid push endpoint' });
  });

  it('pass validation where the switch is on (the local runtime)', async () => {
    process.env.STAGE = 'anything';
    process.env.ALLOW_LOOPBACK_PUSH = '1';
    // Past the schema, the resolver wants the caller's profile: a database error, not a ValidationError.
    await expect(register('http://127.0.0.1:9999/push/1')).rejects.not.toMatchObject({ name: 'ValidationError' });
  });
});

describe('demo data', () => {
  const generate = () => genseed(event('generateDemoData', { input: { lgaCode: '12900' } }), context);

  it('is refused on a production stage not named prod, before anything is read', async () => {
    process.env.STAGE = 'production';
    delete process.env.ALLOW_GENSEED;
    // No table is configured: a refusal that came after the admin check would fail differently.
    await expect(generate()).rejects.toMatchObject({ name: 'Forbidden', message: DEMO_DATA_REFUSED_ON_PROD });
  });
});
