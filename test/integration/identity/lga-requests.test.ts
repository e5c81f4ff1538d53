// "Please join" requests: residents sign once for their council; the dashboard's LGA info card
// reads the signatory count (and whether the caller has signed).
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../lambdas/adapters/db/db';
import { useStackTable } from '../../support/api';
import { call, createUser, partition } from './support';

const LGA = '61410'; // Clarence (Tas.): no other test signs here
const STATUS = 'query($c: String!) { lgaRequest(lgaCode: $c) { lgaCode signatoryCount signed } }';
const SIGN = 'mutation($c: String!) { signLgaRequest(lgaCode: $c) { lgaCode signatoryCount signed } }';

beforeAll(() => useStackTable());

describe('signLgaRequest and lgaRequest', () => {
  it('counts each signature once and tells each caller whether they signed', async () => {
    const start = (await call(STATUS, { c: LGA }, null)).data!.lgaRequest;
    expect(start).toEqual({ lgaCode: LGA, signatoryCount: start.signatoryCount, signed: null });

    const [riley, sam] = await Promise.all([createUser({ name: 'Riley Resident' }), createUser({})]);
    expect((await call(STATUS, { c: LGA }, riley)).data!.lgaRequest.signed).toBe(false);

    const first = await call(SIGN, { c: LGA }, riley);
    expect(first.errors).toBeUndefined();
    expect(first.data!.signLgaRequest).toEqual({ lgaCode: LGA, signatoryCount: start.signatoryCount + 1, signed: true });
    const second = await call(SIGN, { c: LGA }, sam);
    expect(second.data!.signLgaRequest.signatoryCount).toBe(start.signatoryCount + 2);

    expect((await call(STATUS, { c: LGA }, riley)).data!.lgaRequest).toEqual({ lgaCode: LGA, signatoryCount: start.signatoryCount + 2, signed: true });
    expect((await call(STATUS, { c: LGA }, null)).data!.lgaRequest.signed).toBeNull();
    const signatory = (await db().entities.signatory.get({ lgaCode: LGA, uid: riley.uid }).go()).data!;
    expect(signatory).toMatchObject({ displayName: 'Riley Resident', email: riley.email });
  });

  it('refuses a second signature from the same user and leaves the count alone', async () => {
    const user = await createUser({});
    await call(SIGN, { c: LGA }, user);
    const before = await partition(`LGA#${LGA}`);
    const count = (await call(STATUS, { c: LGA }, null)).data!.lgaRequest.signatoryCount;
    const again = await call(SIGN, { c: LGA }, user);
    expect(again.errors?.[0]).toMatchObject({ errorType: 'Conflict', message: 'You have already signed the request for this LGA' });
    expect((await call(STATUS, { c: LGA }, null)).data!.lgaRequest.signatoryCount).toBe(count);
    expect(await partition(`LGA#${LGA}`)).toEqual(before);
  });

  it('signs many at once without losing a count (the count is kept in the same transaction)', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser({})));
    const count = (await call(STATUS, { c: LGA }, null)).data!.lgaRequest.signatoryCount;
    await Promise.all(users.map((u) => call(SIGN, { c: LGA }, u)));
    expect((await call(STATUS, { c: LGA }, null)).data!.lgaRequest.signatoryCount).toBe(count + 5);
  });

  it.each([
    ['a malformed code', 'abc', 'ValidationError'],
    ['an unknown LGA', '99996', 'NotFound'],
  ])('refuses %s', async (_name, code, errorType) => {
    const user = await createUser({});
    const res = await call(SIGN, { c: code }, user);
    expect(res.errors?.[0]).toMatchObject({ errorType, message: 'Invalid LGA' });
    expect((await db().entities.user.get({ uid: user.uid }).go()).data!.signedLgaRequests).toBeUndefined();
  });
});
