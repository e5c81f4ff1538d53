// /genseed end to end: an admin makes demo closures on Lachlan's real roads, reports near them
// and subscribers (counted); everyone else is refused, and so is the production stage.
import type { AppSyncResolverEvent, Context } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStackTable } from '../../support/api';
import { call, createUser, outcomeOf, unique, type TestUser } from '../identity/support';

const LACHLAN = '14600';
const GENERATE = `mutation($i: DemoDataInput!) { generateDemoData(input: $i) { lgaCode closures reports subscribers } }`;
let admin: TestUser;
let resident: TestUser;
let staff: TestUser;

beforeAll(async () => {
  useStackTable();
  [admin, resident, staff] = await Promise.all([
    createUser({ email: `admin.${unique()}@example.com`, admin: true }),
    createUser({ email: `resident.${unique()}@example.com`, lgaCode: LACHLAN }),
    createUser({ email: `staff.${unique()}@example.com`, manages: [{ lgaCode: LACHLAN, roles: ['account_manager', 'closure_administrator'] }] }),
  ]);
}, 60_000);

describe('generateDemoData', () => {
  it('creates closures on the LGA\'s roads, reports and counted subscribers', { timeout: 60_000 }, async () => {
    const count = async () => (await call<{ lgaSubscriberCount: number }>(`query { lgaSubscriberCount(lgaCode: "${LACHLAN}") }`, {}, null)).data!.lgaSubscriberCount;
    const before = await count();
    const res = await call<{ generateDemoData: any }>(GENERATE, { i: { lgaCode: LACHLAN, closures: 2, reports: 3, subscribers: 2 } }, admin);
    expect(res.errors).toBeUndefined();
    expect(res.data!.generateDemoData).toEqual({ lgaCode: LACHLAN, closures: 2, reports: 3, subscribers: 2 });
    expect(await count()).toBe(before + 2);
    const { db } = await import('../../../lambdas/adapters/db/db');
    const { data: closures } = await db().entities.closure.query.byLgaView({ lgaCode: LACHLAN }).go({ pages: 'all' });
    expect(closures.length).toBeGreaterThanOrEqual(2);
    expect(closures.every((c) => c.lgaCode === LACHLAN)).toBe(true);
  });

  it('refuses everyone but an admin, and bad counts', async () => {
    const input = { i: { lgaCode: LACHLAN, closures: 0, reports: 0, subscribers: 0 } };
    expect(outcomeOf(await call(GENERATE, input, null))).toBe('Unauthorized');
    expect(outcomeOf(await call(GENERATE, input, resident))).toBe('Forbidden');
    expect(outcomeOf(await call(GENERATE, input, staff))).toBe('Forbidden');
    const tooMany = await call(GENERATE, { i: { lgaCode: LACHLAN, closures: 21 } }, admin);
    expect(tooMany.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Closures must be between 0 and 20' });
    const perth = await call(GENERATE, { i: { lgaCode: '57080', closures: 1, reports: 0, subscribers: 0 } }, admin);
    expect(perth.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'No roads of the road network were found in this LGA' });
  });

  it('is refused where the deployment does not allow demo data (no ALLOW_GENSEED), whatever its stage is named', async () => {
    const { handler } = await import('../../../lambdas/api/genseed/handler');
    const previous = process.env.STAGE;
    process.env.STAGE = 'dev';
    delete process.env.ALLOW_GENSEED;
    try {
      const event = { arguments: { input: { lgaCode: LACHLAN } }, identity: { sub: admin.uid, claims: {} }, info: { fieldName: 'generateDemoData', parentTypeName: 'Mutation' }, source: null, request: { headers: {} } };
      await expect(handler(event as unknown as AppSyncResolverEvent<Record<string, unknown>>, {} as Context)).rejects.toThrow('Demo data cannot be generated on the production site');
    } finally {
      process.env.STAGE = previous;
    }
  });
});
