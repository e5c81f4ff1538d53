// Communications on the real local stack: the content-task lifecycle (create ≤ 26 closures,
// asynchronous generation by the template writer, edit, approve), who may call each operation
// (seven callers; refused calls change nothing), embedded-map visits and the DRFA evidence.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { gql, useStackTable, type Auth } from '../../support/api';
import { MAX_BROWSERS_PER_ADDRESS } from '../../../lambdas/core/comms/visits';
import { FORBES, TASK, WEDDIN, commsCallers, forbesClosure, until, type Role } from './support';

let c: Record<Role, Auth>;
let closureIds: string[];

beforeAll(async () => {
  c = await commsCallers();
  closureIds = [];
  for (let i = 0; i < 3; i++) closureIds.push((await forbesClosure(c.staff)).id);
});

const CREATE = `mutation($input: ContentTaskInput!) { createContentTask(input: $input) { ${TASK} } }`;
const GET = `query($id: ID!) { contentTask(id: $id) { ${TASK} closures { id formattedAddress } } }`;
const LIST = `query($lgaCode: String!) { contentTasks(lgaCode: $lgaCode) { id status } }`;
const GENERATE = `mutation($id: ID!) { generateContentTask(id: $id) { ${TASK} } }`;
const EDIT = `mutation($id: ID!, $closureId: ID!, $text: String!) { updateContentPost(id: $id, closureId: $closureId, text: $text) { ${TASK} } }`;
const APPROVE = `mutation($id: ID!) { approveContentTask(id: $id) { ${TASK} } }`;

const errorOf = (res: { errors?: { errorType?: string; message: string }[] }) => res.errors?.[0];
const lgaOf = (role: Role) => (role === 'exCustomer' ? WEDDIN : FORBES);

async function createTask(auth: Auth, ids = closureIds, lgaCode = FORBES) {
  return gql<{ createContentTask: any }>(CREATE, { input: { lgaCode, name: 'Flood update', closureIds: ids } }, auth);
}

describe('content tasks', { timeout: 200_000 }, () => {
  it('runs draft → generating → awaiting approval → approved, with one post per closure', async () => {
    const created = await createTask(c.staff);
    expect(created.errors).toBeUndefined();
    const task = created.data!.createContentTask;
    expect(task).toMatchObject({ status: 'draft', closureIds, posts: [], initiated: null });
    expect(task.id.startsWith(`${FORBES}-`)).toBe(true);

    const started = await gql<{ generateContentTask: any }>(GENERATE, { id: task.id }, c.staff);
    expect(started.data!.generateContentTask.status).toBe('generating');
    const again = await gql(GENERATE, { id: task.id }, c.staff);
    const read = async () => (await gql<{ contentTask: any }>(GET, { id: task.id }, c.staff)).data!.contentTask;
    const written = await until(read, (t) => t.status !== 'generating');
    // A second start while writing is refused, or lands after the first finished; never two writers.
    if (again.errors) expect(errorOf(again)?.errorType).toBe('ValidationError');
    expect(written.status).toBe('awaiting_approval');
    expect(written.posts.map((p: any) => p.closureId)).toEqual(closureIds);
    expect(written.posts[0].text).toContain('ROAD CLOSED');
    expect(written.posts[0].text).toContain(`/map?closure=${closureIds[0]}`);
    expect(written.closures).toHaveLength(3);

    const edited = await gql<{ updateContentPost: any }>(EDIT, { id: task.id, closureId: closureIds[1], text: '  Edited by the officer  ' }, c.staff);
    expect(edited.data!.updateContentPost.posts[1].text).toBe('Edited by the officer');
    expect(errorOf(await gql(EDIT, { id: task.id, closureId: closureIds[1], text: ' ' }, c.staff))).toMatchObject({ errorType: 'ValidationError', message: 'The post cannot be empty' });

    const approved = await gql<{ approveContentTask: any }>(APPROVE, { id: task.id }, c.staff);
    expect(approved.data!.approveContentTask).toMatchObject({ status: 'approved' });
    expect(approved.data!.approveContentTask.approved).toBeGreaterThan(0);
    expect(errorOf(await gql(APPROVE, { id: task.id }, c.staff))).toMatchObject({ errorType: 'ValidationError', message: 'Only a task awaiting approval can be approved' });
    expect(errorOf(await gql(EDIT, { id: task.id, closureId: closureIds[0], text: 'late' }, c.staff))?.errorType).toBe('ValidationError');
    expect(errorOf(await gql(GENERATE, { id: task.id }, c.staff))?.message).toBe('An approved task cannot be generated again');

    const list = (await gql<{ contentTasks: any[] }>(LIST, { lgaCode: FORBES }, c.staff)).data!.contentTasks;
    expect(list[0]).toMatchObject({ id: task.id, status: 'approved' });
  });

  it('refuses more than 26 closures, closures of other LGAs and duplicates, creating nothing', async () => {
    const before = (await gql<{ contentTasks: any[] }>(LIST, { lgaCode: FORBES }, c.staff)).data!.contentTasks.length;
    const many = Array.from({ length: 27 }, (_, i) => `closure-${i}`);
    expect(errorOf(await createTask(c.staff, many))).toMatchObject({ errorType: 'ValidationError', message: 'A task can include at most 26 closures' });
    expect(errorOf(await createTask(c.staff, ['no-such-closure']))).toMatchObject({ errorType: 'ValidationError', message: 'Closure no-such-closure is not a closure of this LGA' });
    expect(errorOf(await createTask(c.staff, [closureIds[0], closureIds[0]]))?.message).toBe('Each closure can be in a task only once');
    expect(errorOf(await createTask(c.staff, [])))?.toMatchObject({ message: 'Choose at least one closure' });
    expect((await gql<{ contentTasks: any[] }>(LIST, { lgaCode: FORBES }, c.staff)).data!.contentTasks.length).toBe(before);
    expect(errorOf(await gql(GET, { id: '12900-1764000000-000000000000' }, c.staff))).toMatchObject({ errorType: 'NotFound', message: 'Content task not found' });
  });

  it('goes to Error when a closure is gone and can be retried', async () => {
    const { id } = (await createTask(c.staff, [closureIds[2]])).data!.createContentTask;
    // Make the stored task name a closure that does not exist (as if it was removed meanwhile).
    const { db } = await import('../../../lambdas/adapters/db/db');
    const { keyOf } = await import('../../../lambdas/adapters/comms/tasks');
    await db().entities.contentTask.patch({ ...keyOf(id)!, id }).set({ closureIds: ['missing-closure'] }).go();
    await gql(GENERATE, { id }, c.staff);
    const read = async () => (await gql<{ contentTask: any }>(GET, { id }, c.staff)).data!.contentTask;
    const failed = await until(read, (t) => t.status !== 'generating');
    expect(failed.status).toBe('error');
    expect(failed.error).toBe('Writing the posts failed: Closure missing-closure no longer exists');
    await db().entities.contentTask.patch({ ...keyOf(id)!, id }).set({ closureIds: [closureIds[2]] }).go();
    expect((await gql<{ generateContentTask: any }>(GENERATE, { id }, c.staff)).data!.generateContentTask).toMatchObject({ status: 'generating', error: null });
    expect((await until(read, (t) => t.status !== 'generating')).status).toBe('awaiting_approval');
  });
});

describe('who may call what', () => {
  type Outcome = 'ok' | 'Unauthorized' | 'Forbidden' | 'PaymentRequired';
  const COMMS: Record<Role, Outcome> = { anonymous: 'Unauthorized', resident: 'Forbidden', staffNoRole: 'Forbidden', staff: 'ok', otherLgaStaff: 'Forbidden', exCustomer: 'PaymentRequired', admin: 'ok' };
  const ROLES = Object.keys(COMMS) as Role[];

  it.each(ROLES)('createContentTask and contentTasks: %s', async (role) => {
    const lgaCode = lgaOf(role);
    const ids = role === 'exCustomer' ? ['weddin-closure'] : closureIds;
    const before = (await gql<{ contentTasks: any[] }>(LIST, { lgaCode }, c.admin)).data!.contentTasks.length;
    const created = await createTask(c[role], ids, lgaCode);
    const listed = await gql(LIST, { lgaCode }, c[role]);
    if (COMMS[role] === 'ok') {
      expect(created.errors).toBeUndefined();
      expect(listed.errors).toBeUndefined();
    } else {
      expect(errorOf(created)?.errorType).toBe(COMMS[role]);
      expect(errorOf(listed)?.errorType).toBe(COMMS[role]);
      expect((await gql<{ contentTasks: any[] }>(LIST, { lgaCode }, c.admin)).data!.contentTasks.length).toBe(before);
    }
  });

  it.each(ROLES)('contentTask, generate, edit and approve of a Forbes task: %s', async (role) => {
    const { id } = (await createTask(c.staff, [closureIds[0]])).data!.createContentTask;
    const expected = role === 'exCustomer' ? 'Forbidden' : COMMS[role];
    for (const [doc, vars] of [[GET, { id }], [GENERATE, { id }], [APPROVE, { id }], [EDIT, { id, closureId: closureIds[0], text: 'x' }]] as const) {
      const res = await gql(doc, vars, c[role]);
      if (expected === 'ok') expect(res.errors?.[0]?.errorType ?? 'ok').not.toMatch(/Unauthorized|Forbidden|PaymentRequired/);
      else expect(errorOf(res)?.errorType).toBe(expected);
    }
    if (expected !== 'ok') expect((await gql<{ contentTask: any }>(GET, { id }, c.staff)).data!.contentTask.status).toBe('draft');
  });

  it.each(ROLES)('embeddedMapVisits (admins only): %s', async (role) => {
    const res = await gql(`{ embeddedMapVisits { total } }`, {}, c[role]);
    const expected = role === 'admin' ? 'ok' : role === 'anonymous' ? 'Unauthorized' : 'Forbidden';
    if (expected === 'ok') expect(res.errors).toBeUndefined();
    else expect(errorOf(res)?.errorType).toBe(expected);
  });

  it.each(ROLES)('drfaEvidence (media_comms_manager or closure_administrator): %s', async (role) => {
    const now = Math.floor(Date.now() / 1000);
    const res = await gql(`query($l: String!, $f: AWSTimestamp!, $t: AWSTimestamp!) { drfaEvidence(lgaCode: $l, from: $f, to: $t) { lgaCode } }`, { l: lgaOf(role), f: now - 86_400, t: now + 60 }, c[role]);
    // Forbes staff without the comms role are closure administrators, who may export too; an
    // ex-customer's staff still export their records (kept 7 years).
    const expected = role === 'staffNoRole' || role === 'exCustomer' ? 'ok' : COMMS[role];
    if (expected === 'ok') expect(res.errors).toBeUndefined();
    else expect(errorOf(res)?.errorType).toBe(expected);
  });
});

describe('embedded-map visits', () => {
  const RECORD = `mutation($lgaCode: String!) { recordEmbedVisit(lgaCode: $lgaCode) }`;
  const VISITS = `{ embeddedMapVisits { total lgas { lgaCode lgaName count } daily { date count } } }`;
  const PARKES = '16200';
  /** A browser: the public API key and its own user agent (and, if given, what it claims in X-Forwarded-For). */
  const browser = (name: string, forwardedFor?: string): Auth => ({
    headers: { 'x-api-key': inject('stack').apiKey, 'user-agent': `Mozilla/5.0 (test ${name} ${randomUUID()})`, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
  });
  const report = async () => (await gql<{ embeddedMapVisits: any }>(VISITS, {}, c.admin)).data!.embeddedMapVisits;
  const countOf = (r: any, lgaCode: string) => r.lgas.find((l: any) => l.lgaCode === lgaCode)?.count ?? 0;

  it('counts a browser once a day, per LGA, in total and per day; unknown LGAs are refused', async () => {
    const before = await report();
    const first = browser('first');
    const answer = (await gql<{ recordEmbedVisit: number }>(RECORD, { lgaCode: FORBES }, first)).data!.recordEmbedVisit;
    expect(answer).toBe(countOf(before, FORBES) + 1);
    // A reload, or a script repeating the call, adds nothing.
    for (let i = 0; i < 3; i++) expect((await gql<{ recordEmbedVisit: number }>(RECORD, { lgaCode: FORBES }, first)).data!.recordEmbedVisit).toBe(answer);
    expect((await gql<{ recordEmbedVisit: number }>(RECORD, { lgaCode: FORBES }, browser('second'))).data!.recordEmbedVisit).toBe(answer + 1);
    expect(errorOf(await gql(RECORD, { lgaCode: '99999' }, first))).toMatchObject({ errorType: 'NotFound' });
    expect(errorOf(await gql(RECORD, { lgaCode: 'abc' }, first))).toMatchObject({ errorType: 'ValidationError', message: 'Invalid LGA' });
    const after = await report();
    expect(after.total).toBe(before.total + 2);
    expect(after.lgas.find((l: any) => l.lgaCode === FORBES)).toMatchObject({ count: countOf(before, FORBES) + 2, lgaName: 'Forbes' });
    expect(after.daily).toHaveLength(90);
    expect(after.daily.at(-1).count).toBe(before.daily.at(-1).count + 2);
  });

  it('counts aliases of recordEmbedVisit in one request once', async () => {
    const before = await report();
    const aliased = `mutation($l: String!) { a: recordEmbedVisit(lgaCode: $l) b: recordEmbedVisit(lgaCode: $l) c: recordEmbedVisit(lgaCode: $l) }`;
    const res = await gql<{ a: number; b: number; c: number }>(aliased, { l: FORBES }, browser('aliases'));
    expect(res.errors).toBeUndefined();
    const after = await report();
    expect(after.total).toBe(before.total + 1);
    expect(countOf(after, FORBES)).toBe(countOf(before, FORBES) + 1);
  });

  it('lets one address add at most 20 browsers a day, whatever it claims in X-Forwarded-For', async () => {
    const before = countOf(await report(), PARKES);
    for (let i = 0; i < 25; i++) {
      const res = await gql(RECORD, { lgaCode: PARKES }, browser(`script ${i}`, `203.0.113.${i}`));
      expect(res.errors).toBeUndefined();
    }
    expect(countOf(await report(), PARKES)).toBe(before + MAX_BROWSERS_PER_ADDRESS);
  });

  it('counts a burst of parallel visits exactly: every new visitor once, a repeated one once, the allowance held', async () => {
    useStackTable();
    const { countEmbedVisit, embedVisitCount } = await import('../../../lambdas/adapters/comms/visits');
    const ALBURY = '10050';
    const before = await embedVisitCount(ALBURY);
    const visitors = Array.from({ length: 60 }, (_, i) => ({ lgaCode: ALBURY, address: `198.51.100.${i}`, userAgent: 'Mozilla/5.0 burst' }));
    const sameVisitor = Array.from({ length: 20 }, () => ({ lgaCode: ALBURY, address: '192.0.2.1', userAgent: 'Mozilla/5.0 same' }));
    const oneAddress = Array.from({ length: 30 }, (_, i) => ({ lgaCode: ALBURY, address: '192.0.2.2', userAgent: `Mozilla/5.0 browser ${i}` }));
    const counted = await Promise.all([...visitors, ...sameVisitor, ...oneAddress].map((visit) => countEmbedVisit(visit)));
    expect(counted.slice(0, 60).every(Boolean)).toBe(true);
    expect(counted.slice(60, 80).filter(Boolean)).toHaveLength(1);
    expect(counted.slice(80).filter(Boolean)).toHaveLength(MAX_BROWSERS_PER_ADDRESS);
    expect(await embedVisitCount(ALBURY)).toBe(before + 60 + 1 + MAX_BROWSERS_PER_ADDRESS);
  });
});

describe('DRFA evidence', () => {
  it('lists the closures that affected the range with type, road, times and the activity trail', async () => {
    const now = Math.floor(Date.now() / 1000);
    const res = await gql<{ drfaEvidence: any }>(
      `query($l: String!, $f: AWSTimestamp!, $t: AWSTimestamp!) { drfaEvidence(lgaCode: $l, from: $f, to: $t) {
        lgaName closures { id type { text } road locality firstClosed reopened durationSeconds activities { action timestamp } photos { id } } } }`,
      { l: FORBES, f: now - 3600, t: now + 60 },
      c.staff,
    );
    expect(res.errors).toBeUndefined();
    const ours = res.data!.drfaEvidence.closures.filter((x: any) => closureIds.includes(x.id));
    expect(ours).toHaveLength(3);
    expect(ours[0]).toMatchObject({ type: { text: 'Flooding' }, reopened: null });
    expect(ours[0].activities[0].action).toBe('created');
    expect(errorOf(await gql(`query { drfaEvidence(lgaCode: "12900", from: 10, to: 5) { lgaCode } }`, {}, c.staff))?.message).toBe('The end of the range must be after its start');
  });
});
