// System administration end to end on the local stack: who may call each admin operation (the seven
// callers of docs/security.md#threat-model-who-can-do-what), enquiries and feedback with the open
// counter, replies through the local outbox, grouped client errors, page views, and publishing /
// rolling back LGA boundaries.
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '../../../lambdas/core/access';
import { useStackFeedsBucket, useStackTable } from '../../support/api';
import { call, createUser, outboxFor, outcomeOf, prepareLga, unique, type Outcome, type TestUser } from '../identity/support';

const CELLS = ['anonymous', 'resident', 'staffWithoutRole', 'staffWithRole', 'staffOfAnotherLga', 'exCustomerStaff', 'admin'] as const;
type Cell = (typeof CELLS)[number];
// Queensland LGAs no other test uses. "The role" has no staff equivalent here: only admins pass.
const A = '30250';
const B = '30300';
const EX = '30370';

const users = {} as Record<Exclude<Cell, 'anonymous'>, TestUser>;
const userOf = (cell: Cell) => (cell === 'anonymous' ? null : users[cell]);
const NOT_MANAGER = STAFF_ROLES.filter((r) => r !== 'account_manager') as StaffRole[];

const ENQUIRY_FIELDS = 'id kind name email message page release handledAt handledBy repliedAt createdAt';
const SUBMIT = `mutation($i: EnquiryInput!) { submitEnquiry(input: $i) { ${ENQUIRY_FIELDS} } }`;
const OVERVIEW = `query { adminOverview { openEnquiries clientErrors24h pageViewsTotal customersByStatus { status count } pageViewsByRoute { route count } pageViewsByDay { day count } days } }`;
const ENQUIRIES = `query($l: Int, $t: String, $k: EnquiryKind) { enquiries(limit: $l, nextToken: $t, kind: $k) { items { ${ENQUIRY_FIELDS} } nextToken } }`;
const DIAGNOSTICS = `query($s: AWSTimestamp) { diagnostics(limit: 50, since: $s) { errors { id message route browser release count firstSeen lastSeen } nextToken schedules { name outcome lastRunAt } deadLetters { name messages } } }`;

let enquiryId: string;

beforeAll(async () => {
  useStackTable();
  await prepareLga(A, 'active');
  await prepareLga(B, 'active');
  await prepareLga(EX, 'canceled');
  const id = unique();
  [users.resident, users.staffWithoutRole, users.staffWithRole, users.staffOfAnotherLga, users.exCustomerStaff, users.admin] = await Promise.all([
    createUser({ email: `resident.${id}@example.com`, lgaCode: A }),
    createUser({ email: `without.${id}@example.com`, manages: [{ lgaCode: A, roles: NOT_MANAGER }] }),
    createUser({ email: `am.${id}@example.com`, manages: [{ lgaCode: A, roles: [...STAFF_ROLES] }] }),
    createUser({ email: `other.${id}@example.com`, manages: [{ lgaCode: B, roles: [...STAFF_ROLES] }] }),
    createUser({ email: `ex.${id}@example.com`, manages: [{ lgaCode: EX, roles: [...STAFF_ROLES] }] }),
    createUser({ email: `admin.${id}@example.com`, admin: true }),
  ]);
  const res = await call<{ submitEnquiry: { id: string } }>(SUBMIT, { i: { name: 'Sam Shire', email: `sam.${id}@shire.example`, message: 'Matrix enquiry' } }, null);
  enquiryId = res.data!.submitEnquiry.id;
}, 120_000);

const MISSING_UPLOAD = '00000000-0000-4000-8000-000000000000';
const ADMIN_OPERATIONS: Array<[string, string, () => Record<string, unknown>, Outcome]> = [
  ['adminOverview', OVERVIEW, () => ({}), 'ok'],
  ['enquiries', ENQUIRIES, () => ({ l: 5 }), 'ok'],
  ['diagnostics', DIAGNOSTICS, () => ({}), 'ok'],
  ['lgaDataImports', `query { lgaDataImports { timestamp current } }`, () => ({}), 'ok'],
  ['markEnquiryHandled', `mutation($id: ID!) { markEnquiryHandled(id: $id, handled: false) { id } }`, () => ({ id: enquiryId }), 'ok'],
  ['replyToEnquiry', `mutation($id: ID!) { replyToEnquiry(id: $id, message: "Thanks") { id } }`, () => ({ id: enquiryId }), 'ok'],
  ['createLgaDataUpload', `mutation { createLgaDataUpload(bytes: 1000) { uploadId url fields maxBytes } }`, () => ({}), 'ok'],
  // Passing the admin check, a publish of nothing uploaded is NotFound: nothing is published.
  ['publishLgaDataImport', `mutation($u: ID!) { publishLgaDataImport(uploadId: $u) { timestamp } }`, () => ({ u: MISSING_UPLOAD }), 'NotFound'],
];

describe('authorization: every administration operation is for platform administrators only', () => {
  for (const [name, query, variables, adminOutcome] of ADMIN_OPERATIONS) {
    for (const cell of CELLS) {
      const expected: Outcome = cell === 'admin' ? adminOutcome : cell === 'anonymous' ? 'Unauthorized' : 'Forbidden';
      it(`${name}: ${cell} → ${expected}`, async () => {
        expect(outcomeOf(await call(query, variables(), userOf(cell)))).toBe(expected);
      });
    }
  }

  it('rollbackLgaDataImport is refused to everyone but an admin (who is tested below)', async () => {
    for (const cell of CELLS.filter((c) => c !== 'admin')) {
      const outcome = outcomeOf(await call(`mutation { rollbackLgaDataImport { timestamp } }`, {}, userOf(cell)));
      expect(outcome, cell).toBe(cell === 'anonymous' ? 'Unauthorized' : 'Forbidden');
    }
  });
});

describe('enquiries and feedback', () => {
  it('lists enquiries and feedback newest first, in pages, and filters feedback', async () => {
    const id = unique();
    const feedback = await call<{ submitEnquiry: any }>(
      SUBMIT,
      { i: { kind: 'FEEDBACK', name: 'Robin', email: `robin.${id}@example.com`, message: 'The map is great', page: '/closures/5c2b1a9e-1111-4222-8333-944455556666/detail?x=1', release: '1.2.3' } },
      users.resident,
    );
    expect(feedback.data!.submitEnquiry).toMatchObject({ kind: 'feedback', page: '/closures/:id/detail', release: '1.2.3' });
    // createdAt is in seconds and ties are ordered by the random id, so an enquiry made earlier in
    // the same second may come first: walk pages of one and check the order and no repeats, then
    // that nothing older comes before ours and nothing newer after it.
    const paged: { id: string; createdAt: number }[] = [];
    let token: string | null = null;
    for (let page = 0; page < 6; page++) {
      const res: any = await call<{ enquiries: any }>(ENQUIRIES, { l: 1, t: token }, users.admin);
      const items = res.data!.enquiries.items;
      token = res.data!.enquiries.nextToken;
      // A full page may still carry a token when nothing follows; the page after it is then empty and final.
      expect(items.length === 1 || (items.length === 0 && token === null)).toBe(true);
      paged.push(...items);
      if (!token) break;
    }
    expect(paged.length).toBeGreaterThanOrEqual(2);
    expect(new Set(paged.map((e) => e.id)).size).toBe(paged.length);
    paged.slice(1).forEach((e, i) => expect(e.createdAt).toBeLessThanOrEqual(paged[i].createdAt));
    const mine = feedback.data!.submitEnquiry;
    const all = (await call<{ enquiries: any }>(ENQUIRIES, { l: 100 }, users.admin)).data!.enquiries.items as { id: string; createdAt: number }[];
    const at = all.findIndex((e) => e.id === mine.id);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(all.slice(0, at).every((e) => e.createdAt >= mine.createdAt)).toBe(true);
    expect(all.slice(at + 1).every((e) => e.createdAt <= mine.createdAt)).toBe(true);
    const onlyFeedback = await call<{ enquiries: any }>(ENQUIRIES, { l: 100, k: 'FEEDBACK' }, users.admin);
    expect(onlyFeedback.data!.enquiries.items.every((e: any) => e.kind === 'feedback')).toBe(true);
    expect(onlyFeedback.data!.enquiries.items.map((e: any) => e.id)).toContain(feedback.data!.submitEnquiry.id);
    const bad = await call(ENQUIRIES, { l: 0 }, users.admin);
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'limit must be between 1 and 100' });
  });

  it('counts open enquiries and keeps the count with each handling, once', async () => {
    const open = async () => (await call<{ adminOverview: any }>(OVERVIEW, {}, users.admin)).data!.adminOverview.openEnquiries as number;
    const res = await call<{ submitEnquiry: any }>(SUBMIT, { i: { name: 'Lee', email: `lee.${unique()}@example.com`, message: 'Count me' } }, null);
    const id = res.data!.submitEnquiry.id;
    const before = await open();
    const handled = await call<{ markEnquiryHandled: any }>(`mutation($id: ID!) { markEnquiryHandled(id: $id, handled: true) { handledAt handledBy } }`, { id }, users.admin);
    expect(handled.data!.markEnquiryHandled.handledBy).toBe(users.admin.email);
    expect(await open()).toBe(before - 1);
    // Marking it handled again changes nothing.
    await call(`mutation($id: ID!) { markEnquiryHandled(id: $id, handled: true) { id } }`, { id }, users.admin);
    expect(await open()).toBe(before - 1);
    const reopened = await call<{ markEnquiryHandled: any }>(`mutation($id: ID!) { markEnquiryHandled(id: $id, handled: false) { handledAt } }`, { id }, users.admin);
    expect(reopened.data!.markEnquiryHandled.handledAt).toBeNull();
    expect(await open()).toBe(before);
    const missing = await call(`mutation { markEnquiryHandled(id: "${MISSING_UPLOAD}", handled: true) { id } }`, {}, users.admin);
    expect(missing.errors?.[0]).toMatchObject({ errorType: 'NotFound', message: 'Enquiry not found' });
  });

  it('emails a reply to the sender through the outbox and marks the enquiry handled', async () => {
    const email = `reply.${unique()}@example.com`;
    const res = await call<{ submitEnquiry: any }>(SUBMIT, { i: { name: 'Kim', email, message: 'Can Forbes join?' } }, null);
    const reply = await call<{ replyToEnquiry: any }>(
      `mutation($id: ID!, $m: String!) { replyToEnquiry(id: $id, message: $m) { handledAt repliedAt } }`,
      { id: res.data!.submitEnquiry.id, m: 'Yes, we will call you.' },
      users.admin,
    );
    expect(reply.data!.replyToEnquiry.handledAt).toBeGreaterThan(0);
    expect(reply.data!.replyToEnquiry.repliedAt).toBeGreaterThan(0);
    const mail = await outboxFor(email);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe('Re: your enquiry to Road Closures');
    expect(mail[0].body).toContain('Yes, we will call you.');
    expect(mail[0].body).toContain('> Can Forbes join?');
    const empty = await call(`mutation($id: ID!) { replyToEnquiry(id: $id, message: "  ") { id } }`, { id: res.data!.submitEnquiry.id }, users.admin);
    expect(empty.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Reply is required' });
  });
});

describe('diagnostics and page views', () => {
  it('groups identical client errors with a count, the route pattern and the browser', async () => {
    const message = `TypeError: grouped ${unique()}`;
    const report = (url: string) =>
      call(
        `mutation($i: ClientErrorInput!) { reportClientError(input: $i) }`,
        { i: { message, stack: `${message}\n    at render (http://127.0.0.1/assets/index-abc.js:1:200)`, url, release: '9.9.9', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' } },
        null,
      );
    await report('http://127.0.0.1:3000/closures/abc123def4567890/detail');
    await report('http://127.0.0.1:3000/reports/42?token=secret');
    const res = await call<{ diagnostics: any }>(DIAGNOSTICS, {}, users.admin);
    const group = res.data!.diagnostics.errors.find((g: any) => g.message === message);
    expect(group).toMatchObject({ count: 2, route: '/reports/:id', browser: 'Chrome 131', release: '9.9.9' });
    expect(res.data!.diagnostics.schedules.map((s: any) => s.name)).toEqual(['reminders', 'housekeeping', 'livetraffic']);
    expect(res.data!.diagnostics.deadLetters).toBeNull();
    // The time filter: nothing was seen in the future.
    const later = await call<{ diagnostics: any }>(DIAGNOSTICS, { s: Math.floor(Date.now() / 1000) + 3600 }, users.admin);
    expect(later.data!.diagnostics.errors).toEqual([]);
    const overview = await call<{ adminOverview: any }>(OVERVIEW, {}, users.admin);
    expect(overview.data!.adminOverview.clientErrors24h).toBeGreaterThanOrEqual(2);
  });

  it('shows the last run of each schedule and its outcome', async () => {
    // The hourly housekeeping also rewrites the open feeds: the feeds bucket's s3rver, as its Lambda has it
    // (set here, after helpers that set the table alone).
    useStackFeedsBucket();
    const { handler } = await import('../../../lambdas/schedules/hourly');
    await handler();
    const res = await call<{ diagnostics: any }>(DIAGNOSTICS, {}, users.admin);
    const housekeeping = res.data!.diagnostics.schedules.find((s: any) => s.name === 'housekeeping');
    expect(housekeeping.outcome).toBe('ok');
    expect(housekeeping.lastRunAt).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 60);
    // A failing run is recorded with its reason, and still fails (so the scheduler's retry and DLQ see it).
    const { recordScheduleRun } = await import('../../../lambdas/adapters/admin/schedule-runs');
    await expect(recordScheduleRun('reminders', () => Promise.reject(new Error('table unavailable')), () => '')).rejects.toThrow('table unavailable');
    const after = await call<{ diagnostics: any }>(DIAGNOSTICS.replace('outcome lastRunAt', 'outcome lastRunAt detail'), {}, users.admin);
    expect(after.data!.diagnostics.schedules.find((s: any) => s.name === 'reminders')).toMatchObject({ outcome: 'failed', detail: 'table unavailable' });
  });

  it('counts page views per route pattern and day, with no ids in the route', async () => {
    const before = (await call<{ adminOverview: any }>(OVERVIEW, {}, users.admin)).data!.adminOverview;
    const count = (o: any, route: string) => o.pageViewsByRoute.find((r: any) => r.route === route)?.count ?? 0;
    await call(`mutation { recordPageView(route: "/closures/:id/detail") }`, {}, null);
    await call(`mutation { recordPageView(route: "/closures/0b9f5a52-3c1e-4d8e-9f10-123456789abc/detail") }`, {}, users.resident);
    const after = (await call<{ adminOverview: any }>(OVERVIEW, {}, users.admin)).data!.adminOverview;
    expect(count(after, '/closures/:id/detail')).toBe(count(before, '/closures/:id/detail') + 2);
    expect(after.pageViewsTotal).toBe(before.pageViewsTotal + 2);
    expect(after.pageViewsByRoute.some((r: any) => /[0-9a-f]{8}-/.test(r.route))).toBe(false);
    const bad = await call(`mutation { recordPageView(route: "https://x") }`, {}, null);
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Invalid route' });
  });
});
