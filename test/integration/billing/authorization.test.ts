// The seven callers of the authorization matrix on the two billing operations the journey does
// not cover for everyone: createBillingPortalSession (an account manager of the LGA or an admin;
// the council needs a Stripe customer, made on the local Stripe emulator and removed again) and
// the onCustomerChanged subscription (authorized when it starts: admins for any council, others
// for a council they are staff of or whose mail domain they hold).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '../../../lambdas/adapters/db/db';
import { gql } from '../../support/api';
import { matrixCallers, type Callers } from '../closures/support';
import { realtimeSubscribe } from '../notifications/support';
import { CALLERS, FORBES, MATRIX, WEDDIN, type Caller } from '../security/authorization-matrix';

const PORTAL = 'mutation($c: String!) { createBillingPortalSession(lgaCode: $c) }';
const CHANGED = 'subscription($c: String) { onCustomerChanged(lgaCode: $c) { lgaCode subscriptionStatus } }';
const lgaOf = (caller: Caller) => (caller === 'exCustomer' ? WEDDIN : FORBES);

let c: Callers;
const restore: { lgaCode: string; stripeCustomerId?: string }[] = [];

async function stripeCustomer(): Promise<string> {
  const stack = inject('stack');
  const { secretKey } = JSON.parse(readFileSync(path.join(stack.dataDir, 'stripe-keys.json'), 'utf8')) as { secretKey: string };
  const response = await fetch(`${stack.stripeUrl}/v1/customers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Matrix test council' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

beforeAll(async () => {
  c = await matrixCallers();
  // Both councils the callers act on get a billing account for the test; the ids are put back after.
  const id = await stripeCustomer();
  for (const lgaCode of [FORBES, WEDDIN]) {
    const { data } = await db().entities.customer.get({ lgaCode }).go();
    restore.push({ lgaCode, stripeCustomerId: data?.stripeCustomerId });
    await db().entities.customer.patch({ lgaCode }).set({ stripeCustomerId: id }).go();
  }
});

afterAll(async () => {
  for (const { lgaCode, stripeCustomerId } of restore) {
    if (stripeCustomerId) await db().entities.customer.patch({ lgaCode }).set({ stripeCustomerId }).go();
    else await db().entities.customer.patch({ lgaCode }).remove(['stripeCustomerId']).go();
  }
});

describe('createBillingPortalSession', () => {
  it.each(CALLERS)('%s', async (caller) => {
    const res = await gql<{ createBillingPortalSession: string }>(PORTAL, { c: lgaOf(caller) }, c.auth[caller]);
    const expected = MATRIX['Mutation.createBillingPortalSession'].expected[caller];
    if (expected === 'ok') {
      expect(res.errors).toBeUndefined();
      expect(res.data?.createBillingPortalSession).toMatch(/^https?:\/\//);
    } else {
      expect(res.errors?.[0]?.errorType).toBe(expected);
    }
  });
});

describe('onCustomerChanged', () => {
  it.each(CALLERS)('%s', async (caller) => {
    const auth = c.auth[caller];
    const { socket, first } = await realtimeSubscribe('token' in auth ? auth.token : { apiKey: true }, `changed-${caller}`, CHANGED, { c: lgaOf(caller) });
    try {
      const expected = MATRIX['Subscription.onCustomerChanged'].expected[caller];
      if (expected === 'ok') expect(first.type, JSON.stringify(first.payload)).toBe('start_ack');
      else {
        expect(first.type).toBe('error');
        expect(first.payload?.errors?.[0]?.errorType, JSON.stringify(first.payload)).toBe(expected);
      }
    } finally {
      socket.close();
    }
  });
});
