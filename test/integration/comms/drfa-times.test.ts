// When a road was closed, as the DRFA evidence reports it on the real local stack: kept as facts
// when they happened (a backdated closure keeps its start after reopening; a closure scheduled
// ahead counts from its start, not its creation), closed and changed-conditions periods apart,
// deleted closures kept and marked, and the range read in the council's own days.
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, useStackTable, type Auth } from '../../support/api';
import { FORBES, commsCallers, forbesClosure, type Role } from './support';

const H = 3600;
let c: Record<Role, Auth>;
const now = () => Math.floor(Date.now() / 1000);

const EVIDENCE = `query($l: String!, $f: AWSTimestamp, $t: AWSTimestamp, $fd: AWSDate, $td: AWSDate) {
  drfaEvidence(lgaCode: $l, from: $f, to: $t, fromDay: $fd, toDay: $td) {
    from to timeZone closures { id condition firstClosed reopened closedUntil periods { condition from until } closedSeconds changedSeconds durationSeconds deletedAt
      activities { action payload } } } }`;

async function evidenceOf(id: string, vars: Record<string, unknown> = { f: now() - 48 * H, t: now() + 4 * H }) {
  const res = await gql<{ drfaEvidence: any }>(EVIDENCE, { l: FORBES, ...vars }, c.staff);
  expect(res.errors).toBeUndefined();
  return { evidence: res.data!.drfaEvidence, closure: res.data!.drfaEvidence.closures.find((x: any) => x.id === id) };
}

async function call(doc: string, variables: Record<string, unknown>) {
  const res = await gql<Record<string, any>>(doc, variables, c.staff);
  expect(res.errors).toBeUndefined();
  return Object.values(res.data!)[0];
}
const REOPEN = `mutation($id: ID!) { reopenClosure(id: $id) { id openedAt } }`;

beforeAll(async () => {
  c = await commsCallers();
});

describe('DRFA evidence times', () => {
  it('a backdated closure counts from its start before and after it is reopened', async () => {
    const start = now() - 6 * H;
    const { id } = await forbesClosure(c.staff, { scheduledFor: start });
    expect((await evidenceOf(id)).closure).toMatchObject({ firstClosed: start, closedUntil: null, periods: [{ condition: 'closed', from: start, until: null }] });
    const { openedAt } = await call(REOPEN, { id });
    const { closure } = await evidenceOf(id);
    expect(closure).toMatchObject({ firstClosed: start, reopened: openedAt, closedUntil: openedAt, periods: [{ condition: 'closed', from: start, until: openedAt }] });
    expect(closure.closedSeconds).toBe(openedAt - start);
    expect(closure.closedSeconds).toBeGreaterThanOrEqual(6 * H);
    expect(closure.changedSeconds).toBe(0);
  });

  it('a closure scheduled ahead is not in effect before its start, and counts from its start, not its creation', async () => {
    const start = now() + 2 * H;
    const { id } = await forbesClosure(c.staff, { scheduledFor: start });
    expect((await evidenceOf(id)).closure).toBeUndefined();
    // The schedule notices the start 15 minutes late: the closure still took effect at its start.
    useStackTable();
    const { loadClosure, changeClosure } = await import('../../../lambdas/adapters/closures/commands');
    const { startScheduledClosure } = await import('../../../lambdas/core/closures/state');
    await changeClosure(await loadClosure(id), { uid: 'system', displayName: 'Schedule' }, (before, ctx) => startScheduledClosure(before, { ...ctx, now: start + 900 })!);
    expect((await evidenceOf(id)).closure).toMatchObject({ firstClosed: start, periods: [{ condition: 'closed', from: start, until: null }] });
  });

  it('changed conditions are reported as such and counted apart from closed time', async () => {
    const { id } = await forbesClosure(c.staff, { condition: 'changed', type: 'roadworks', scheduledFor: now() - 3 * H });
    const first = (await evidenceOf(id)).closure;
    expect(first).toMatchObject({ condition: 'changed', closedSeconds: 0, periods: [{ condition: 'changed', until: null }] });
    expect(first.changedSeconds).toBeGreaterThanOrEqual(3 * H);
    const { input } = { input: { lgaCode: FORBES, type: 'roadworks', condition: 'closed', regions: [{ geometry: JSON.stringify({ type: 'LineString', coordinates: [[147.7, -33.5], [147.702, -33.499]] }) }] } };
    await call(`mutation($id: ID!, $input: ClosureInput!) { updateClosure(id: $id, input: $input) { id } }`, { id, input });
    const { openedAt } = await call(REOPEN, { id });
    const { closure } = await evidenceOf(id);
    const [changed, closed] = closure.periods;
    expect(closure.periods).toHaveLength(2);
    expect(changed).toMatchObject({ condition: 'changed', from: first.firstClosed });
    expect(closed).toMatchObject({ condition: 'closed', from: changed.until, until: openedAt });
    expect(closure.changedSeconds).toBe(changed.until - changed.from);
    expect(closure.closedSeconds).toBe(openedAt - closed.from);
    // The activity says what the update changed.
    const updated = closure.activities.find((a: any) => a.action === 'updated');
    expect(JSON.parse(updated.payload).condition).toEqual({ from: 'changed', to: 'closed' });
  });

  it('a closure deleted after it happened stays in the evidence, marked', async () => {
    const { id } = await forbesClosure(c.staff, { scheduledFor: now() - 2 * H });
    const deleted = await call(`mutation($id: ID!) { deleteClosure(id: $id) { id deletedAt } }`, { id });
    const { closure } = await evidenceOf(id);
    expect(closure).toMatchObject({ deletedAt: deleted.deletedAt, closedUntil: deleted.deletedAt });
  });

  it("reads a range of days in the council's time zone, whatever the browser's clock", async () => {
    // In effect from 28 October 05:00 Sydney time (27 October 18:00 UTC).
    const start = Date.UTC(2026, 9, 27, 18) / 1000;
    const { id } = await forbesClosure(c.staff, { scheduledFor: start });
    const sydney = await evidenceOf(id, { fd: '2026-10-01', td: '2026-10-27' });
    expect(sydney.evidence).toMatchObject({ timeZone: 'Australia/Sydney', from: Date.UTC(2026, 8, 30, 14) / 1000, to: Date.UTC(2026, 9, 27, 13) / 1000 - 1 });
    expect(sydney.closure).toBeUndefined();
    expect((await evidenceOf(id, { fd: '2026-10-28', td: '2026-10-28' })).closure).toMatchObject({ firstClosed: start });
    // The old export's range: the browser's (UTC) midnights, which took in a day that was not the council's.
    expect((await evidenceOf(id, { f: Date.UTC(2026, 9, 1) / 1000, t: Date.UTC(2026, 9, 28) / 1000 - 1 })).closure).toBeDefined();

    const perth = await gql<{ drfaEvidence: any }>(EVIDENCE, { l: '50080', fd: '2026-11-01', td: '2026-11-27' }, c.admin);
    expect(perth.data!.drfaEvidence).toMatchObject({ timeZone: 'Australia/Perth', from: Date.UTC(2026, 9, 31, 16) / 1000 });
    const bad = await gql(EVIDENCE, { l: FORBES, fd: '2026-11-31', td: '2026-12-01' }, c.staff);
    expect(bad.errors?.[0]?.message).toMatch(/Invalid date|AWSDate/);
    const backwards = await gql(EVIDENCE, { l: FORBES, fd: '2026-11-27', td: '2026-11-01' }, c.staff);
    expect(backwards.errors?.[0]?.message).toBe('The end of the range must be after its start');
  });
});
