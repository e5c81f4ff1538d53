// Quotes cannot be forged: a quote id is signed by the server, so one made by hand (the old
// unsigned base64 JSON), one with its council, tier, PO number, date or coupon altered, or one
// with another signature is not found and shows nothing. The figures come from the council's own
// record when the quote is opened: a resident cannot pick a cheaper tier, and a quote follows an
// administrator's change of the council's classification.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../lambdas/adapters/db/db';
import { CLASSIFICATIONS } from '../../../lambdas/core/billing/checkout';
import { withGst } from '../../../lambdas/core/billing/tax';
import { call, createUser, prepareLga, type TestUser } from '../identity/support';

const LGA = '15270'; // Mid-Western: an urban council of this test only
const CREATE = 'mutation($i: QuoteInput!) { createQuote(input: $i) { id lgaCode poNumber validUntil price { classification unitAmount total } } }';
const READ = 'query($id: ID!) { quote(id: $id) { id lgaCode poNumber validUntil price { classification unitAmount total } } }';

let resident: TestUser;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

beforeAll(async () => {
  await prepareLga(LGA, 'none');
  await db().entities.customer.put({ lgaCode: LGA, subscriptionStatus: 'none', classification: 'urban' }).go();
  resident = await createUser({});
});

describe('quote ids', () => {
  it('refuse an id made by hand: another tier, any PO text, valid until 2100', async () => {
    const forged = b64({ l: LGA, c: 'rural', p: 'APPROVED - PAY TO ACCOUNT 123', t: 4_102_444_800 - 30 * 86_400 });
    const res = await call(READ, { id: forged }, resident);
    expect(res.data?.quote ?? null).toBeNull();
    expect(res.errors?.[0]).toMatchObject({ errorType: 'NotFound', message: 'Quote not found' });
  });

  it('refuse a real id altered in any field, or with its signature swapped', async () => {
    const made = await call(CREATE, { i: { lgaCode: LGA, poNumber: 'PO-41' } }, resident);
    expect(made.errors).toBeUndefined();
    const { id } = made.data!.createQuote;
    const [payload, signature] = id.split('.');
    const facts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    for (const change of [{ c: 'rural' }, { p: 'PO-99' }, { t: facts.t + 365 * 86_400 }, { l: '12900' }, { d: 'coupon_x' }]) {
      const res = await call(READ, { id: `${b64({ ...facts, ...change })}.${signature}` }, resident);
      expect(res.errors?.[0], JSON.stringify(change)).toMatchObject({ errorType: 'NotFound' });
    }
    expect((await call(READ, { id: `${payload}.${'A'.repeat(signature.length)}` }, resident)).errors?.[0]).toMatchObject({ errorType: 'NotFound' });
    expect((await call(READ, { id }, resident)).data?.quote).toEqual(made.data!.createQuote);
  });

  it('show the council own tier: a resident cannot choose one, and an admin change of the record is followed', async () => {
    const made = await call(CREATE, { i: { lgaCode: LGA, classification: 'rural' } }, resident);
    expect(made.data?.createQuote.price).toMatchObject({ classification: 'urban', unitAmount: CLASSIFICATIONS.urban.unitAmount, total: withGst(CLASSIFICATIONS.urban.unitAmount).total });
    await db().entities.customer.patch({ lgaCode: LGA }).set({ classification: 'metropolitan' }).go();
    const read = await call(READ, { id: made.data!.createQuote.id }, resident);
    expect(read.data?.quote.price).toMatchObject({ classification: 'metropolitan', unitAmount: CLASSIFICATIONS.metropolitan.unitAmount });
  });
});
