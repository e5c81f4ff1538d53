// The public dashboard's closure summary (lgaClosureSummary): anyone may read a council's counts
// and the closures on the map that changed in the last 12 hours; a deleted closure never appears.
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn, useStackTable, type Auth } from '../../support/api';
import { DELETE, FORBES, createClosure, errorOf } from './support';

const SUMMARY = 'query($c: String!) { lgaClosureSummary(lgaCode: $c) { lgaCode active scheduled recentlyOpened recentChanges { id lgaCode active } } }';
const visitor: Auth = { apiKey: true };
let staff: Auth;

beforeAll(async () => {
  useStackTable();
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
});

describe('lgaClosureSummary', () => {
  it('shows a visitor the new closure and counts it, and never lists a deleted one', async () => {
    const before = (await gql<{ lgaClosureSummary: { active: number } }>(SUMMARY, { c: FORBES }, visitor)).data!.lgaClosureSummary;
    const gone = await createClosure(staff);
    expect(errorOf(await gql(DELETE, { id: gone.id }, staff))).toBeUndefined();
    const live = await createClosure(staff);
    const res = await gql<{ lgaClosureSummary: any }>(SUMMARY, { c: FORBES }, visitor);
    expect(res.errors).toBeUndefined();
    const summary = res.data!.lgaClosureSummary;
    expect(summary.lgaCode).toBe(FORBES);
    expect(summary.active).toBe(before.active + 1);
    const ids = summary.recentChanges.map((c: { id: string }) => c.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(gone.id);
    expect(summary.recentChanges.every((c: { active: boolean; lgaCode: string }) => c.active && c.lgaCode === FORBES)).toBe(true);
    await gql(DELETE, { id: live.id }, staff);
  });

  it('refuses a malformed or unknown council', async () => {
    expect(errorOf(await gql(SUMMARY, { c: 'x1' }, visitor))).toMatchObject({ errorType: 'ValidationError' });
    expect(errorOf(await gql(SUMMARY, { c: '99998' }, visitor))).toMatchObject({ errorType: 'NotFound', message: 'Invalid LGA' });
  });
});
