// Safe retries on the real stack: a write sent with an idempotency key (the mutation's
// idempotencyKey argument, as the web app sends it, or the Idempotency-Key header) is done once. Ten
// copies at the same moment make one report or closure and all get its result; a retry later gets
// the first result; the same key with other details is refused and writes nothing; another user's
// key never answers with someone else's write.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn, useStackTable, type Auth } from '../support/api';
import { MY_REPORTS, SUBMIT, forbesSpot, newResident, useSpotBlock } from './reports/support';
import { CREATE, closureInput, lineAt } from './closures/support';
import { A, resetToOpen } from './announcements/support';
import { KEYS_DIFFER_MESSAGE, KEY_INVALID_MESSAGE, KEY_REUSED_MESSAGE } from '../../lambdas/core/idempotency';

const FORBES = '12900';
const COPIES = 10;
let staffToken: string;

/** A caller's token plus the key header. */
const keyed = (auth: Auth, key: string): Auth => ({ headers: { authorization: (auth as { token: string }).token, 'idempotency-key': key } });

beforeAll(async () => {
  useStackTable();
  // A block of Forbes spots of its own (the reports files use blocks 0 to 2).
  useSpotBlock(2);
  for (let i = 0; i < 90; i++) forbesSpot();
  staffToken = (await signIn('staff@forbes.example')).accessToken;
});

async function closuresWithReason(reason: string): Promise<number> {
  const { db } = await import('../../lambdas/adapters/db/db');
  const { data } = await db().entities.closure.scan.where(({ reason: r }, { eq }) => eq(r, reason)).go({ pages: 'all' });
  return data.length;
}

describe('submitReport with an idempotency key', () => {
  it(`${COPIES} identical sends at once make one report; every copy gets it; a later retry too`, async () => {
    const resident = await newResident();
    const key = randomUUID();
    const input = { type: 'hazard', description: 'Tree down across the lane', position: forbesSpot() };
    const answers = await Promise.all(Array.from({ length: COPIES }, () => gql<{ submitReport: any }>(SUBMIT, { input }, keyed(resident.auth, key))));
    for (const a of answers) expect(a.errors).toBeUndefined();
    const ids = new Set(answers.map((a) => a.data!.submitReport.id));
    expect(ids.size).toBe(1);
    const mine = await gql<{ myReports: any[] }>(MY_REPORTS, {}, resident.auth);
    expect(mine.data!.myReports.map((r) => r.id)).toEqual([...ids]);

    // The connection dropped before the answer arrived: the retry gets the first result.
    const retry = await gql<{ submitReport: any }>(SUBMIT, { input }, keyed(resident.auth, key));
    expect(retry.data!.submitReport.id).toBe([...ids][0]);
    expect((await gql<{ myReports: any[] }>(MY_REPORTS, {}, resident.auth)).data!.myReports).toHaveLength(1);
  }, 60_000);

  it('the same key with other details is refused and writes nothing; a malformed key is refused', async () => {
    const resident = await newResident();
    const key = randomUUID();
    const spot = forbesSpot();
    const first = await gql<{ submitReport: any }>(SUBMIT, { input: { type: 'flood', position: spot } }, keyed(resident.auth, key));
    expect(first.errors).toBeUndefined();
    const other = await gql(SUBMIT, { input: { type: 'fire', position: spot } }, keyed(resident.auth, key));
    expect(other.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: KEY_REUSED_MESSAGE });
    const bad = await gql(SUBMIT, { input: { type: 'fire', position: spot } }, keyed(resident.auth, 'short'));
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: KEY_INVALID_MESSAGE });
    const mine = (await gql<{ myReports: any[] }>(MY_REPORTS, {}, resident.auth)).data!.myReports;
    expect(mine.map((r) => r.id)).toEqual([first.data!.submitReport.id]);
  });

  it("one user's key never answers another user's request", async () => {
    const [a, b] = await Promise.all([newResident(), newResident()]);
    const key = randomUUID();
    const input = { type: 'crash', position: forbesSpot() };
    const fromA = await gql<{ submitReport: any }>(SUBMIT, { input }, keyed(a.auth, key));
    const fromB = await gql<{ submitReport: any }>(SUBMIT, { input }, keyed(b.auth, key));
    expect(fromB.errors).toBeUndefined();
    expect(fromB.data!.submitReport.id).not.toBe(fromA.data!.submitReport.id);
    expect(fromB.data!.submitReport.mine).toBe(true);
  });
});

describe('createClosure with an idempotency key', () => {
  it(`${COPIES} identical saves at once make one closure; other details with the key are refused`, async () => {
    const reason = `Idempotent closure ${randomUUID().slice(0, 8)}`;
    const input = closureInput({ reason, regions: [{ geometry: lineAt(147.94, -33.42) }] });
    const key = randomUUID();
    const staff = { token: staffToken };
    const answers = await Promise.all(Array.from({ length: COPIES }, () => gql<{ createClosure: any }>(CREATE, { input }, keyed(staff, key))));
    for (const a of answers) expect(a.errors).toBeUndefined();
    expect(new Set(answers.map((a) => a.data!.createClosure.id)).size).toBe(1);
    const other = await gql(CREATE, { input: { ...input, type: 'fire' } }, keyed(staff, key));
    expect(other.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: KEY_REUSED_MESSAGE });
    expect(await closuresWithReason(reason)).toBe(1);
  }, 60_000);
});

describe('setUnsealedRoadsStatus with an idempotency key', () => {
  it('a retry returns the first announcement instead of posting a second', async () => {
    const staff = { token: staffToken };
    const key = randomUUID();
    const input = { status: 'CLOSED', message: `Retry check ${randomUUID().slice(0, 6)}` };
    try {
      const first = await gql<{ setUnsealedRoadsStatus: any }>(A.set, { lgaCode: FORBES, input }, keyed(staff, key));
      expect(first.errors).toBeUndefined();
      const retry = await gql<{ setUnsealedRoadsStatus: any }>(A.set, { lgaCode: FORBES, input }, keyed(staff, key));
      expect(retry.data!.setUnsealedRoadsStatus.announcement.id).toBe(first.data!.setUnsealedRoadsStatus.announcement.id);
      const list = await gql<{ announcements: any[] }>(`query($l: String!) { announcements(lgaCode: $l) { id message } }`, { l: FORBES }, staff);
      expect(list.data!.announcements.filter((a) => a.message === input.message)).toHaveLength(1);
    } finally {
      await resetToOpen(FORBES, staff);
    }
  });
});

describe('the key as the idempotencyKey argument (what the web app sends)', () => {
  const SUBMIT_KEYED = SUBMIT.replace('mutation($input: ReportInput!)', 'mutation($input: ReportInput!, $idempotencyKey: String)').replace(
    'submitReport(input: $input)',
    'submitReport(input: $input, idempotencyKey: $idempotencyKey)',
  );

  it(`${COPIES} identical sends at once make one report; the header and the argument name the same record`, async () => {
    expect(SUBMIT_KEYED).toContain('idempotencyKey: $idempotencyKey');
    const resident = await newResident();
    const key = randomUUID();
    const input = { type: 'hazard', description: 'Branch on the road, sent with the key argument', position: forbesSpot() };
    const answers = await Promise.all(Array.from({ length: COPIES }, () => gql<{ submitReport: any }>(SUBMIT_KEYED, { input, idempotencyKey: key }, resident.auth)));
    for (const a of answers) expect(a.errors).toBeUndefined();
    const ids = new Set(answers.map((a) => a.data!.submitReport.id));
    expect(ids.size).toBe(1);
    expect((await gql<{ myReports: any[] }>(MY_REPORTS, {}, resident.auth)).data!.myReports.map((r) => r.id)).toEqual([...ids]);

    // The same key in the header (another client's retry) is the same record; both agreeing too.
    const viaHeader = await gql<{ submitReport: any }>(SUBMIT, { input }, keyed(resident.auth, key));
    expect(viaHeader.data!.submitReport.id).toBe([...ids][0]);
    const both = await gql<{ submitReport: any }>(SUBMIT_KEYED, { input, idempotencyKey: key }, keyed(resident.auth, key));
    expect(both.data!.submitReport.id).toBe([...ids][0]);

    // Header and argument naming different keys, or a malformed argument: refused, nothing written.
    const differ = await gql(SUBMIT_KEYED, { input, idempotencyKey: randomUUID() }, keyed(resident.auth, key));
    expect(differ.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: KEYS_DIFFER_MESSAGE });
    const bad = await gql(SUBMIT_KEYED, { input: { ...input, position: forbesSpot() }, idempotencyKey: 'bad key!' }, resident.auth);
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: KEY_INVALID_MESSAGE });
    expect((await gql<{ myReports: any[] }>(MY_REPORTS, {}, resident.auth)).data!.myReports).toHaveLength(1);
  }, 60_000);
});
