// A repeat of a keyed write is answered from the stored first result only while the caller still
// has the right to make it: an account manager removed from the council cannot replay the billing
// portal link (a week of idempotency records), and a closure administrator removed from the
// council cannot replay a closure they created. Access is checked before the stored answer.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../lambdas/adapters/db/db';
import { emulatorStripeCustomer } from './stripe-customer';
import { gql } from '../../support/api';
import { CREATE, FORBES, closureInput } from '../closures/support';
import { createUser, prepareLga } from '../identity/support';

const LGA = '15240'; // Mid-Coast: a paying council of this test only
const PORTAL = 'mutation($c: String!) { createBillingPortalSession(lgaCode: $c) }';

const keyed = (token: string, key: string) => ({ headers: { authorization: token, 'idempotency-key': key } });

beforeAll(async () => {
  await prepareLga(LGA, 'active');
  await db().entities.customer.patch({ lgaCode: LGA }).set({ stripeCustomerId: await emulatorStripeCustomer('Replay test council') }).go();
});

describe('a keyed write repeated after the caller lost the right', () => {
  it('createBillingPortalSession: the removed account manager is refused, not handed the stored link', async () => {
    const manager = await createUser({ manages: [{ lgaCode: LGA, roles: ['account_manager'] }] });
    const key = randomUUID();
    const first = await gql<{ createBillingPortalSession: string }>(PORTAL, { c: LGA }, keyed(manager.token, key));
    expect(first.errors).toBeUndefined();
    // The same request again while still a manager: the stored answer.
    const again = await gql<{ createBillingPortalSession: string }>(PORTAL, { c: LGA }, keyed(manager.token, key));
    expect(again.data?.createBillingPortalSession).toBe(first.data?.createBillingPortalSession);

    await db().entities.manager.delete({ lgaCode: LGA, email: manager.email }).go();
    const replay = await gql<{ createBillingPortalSession: string }>(PORTAL, { c: LGA }, keyed(manager.token, key));
    expect(replay.data?.createBillingPortalSession ?? null).toBeNull();
    expect(replay.errors?.[0]?.errorType).toBe('Forbidden');
  });

  it('createClosure: the removed closure administrator is refused, not handed the stored closure', async () => {
    const officer = await createUser({ manages: [{ lgaCode: FORBES, roles: ['closure_administrator'] }] });
    const key = randomUUID();
    const input = closureInput({ reason: `Replay check ${key.slice(0, 8)}` });
    const first = await gql<{ createClosure: { id: string } }>(CREATE, { input }, keyed(officer.token, key));
    expect(first.errors).toBeUndefined();

    await db().entities.manager.delete({ lgaCode: FORBES, email: officer.email }).go();
    const replay = await gql<{ createClosure: { id: string } }>(CREATE, { input }, keyed(officer.token, key));
    expect(replay.data?.createClosure ?? null).toBeNull();
    expect(replay.errors?.[0]?.errorType).toBe('Forbidden');
  });
});
