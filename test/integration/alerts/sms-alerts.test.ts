// Text alerts on the real local stack: a mobile is verified by a texted 6-digit code (wrong codes
// and too many requests refused, the code never stored as such); texts are turned on per
// subscription only with a verified mobile; a closure change texts each follower once in one
// GSM-7 SMS with the link; a STOP reply to the stand-in opts the number out; a council's monthly
// cap stops its texts and tells its account managers in the app and by email, once.
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { gql, signIn, workerEvents, type Auth } from '../../support/api';
import { createForbesClosure, freshUser, FORBES, ok, Q, waitForNotifications, type TestUser } from '../notifications/support';
import { readSmsOutbox } from '../../../local/sms-outbox';
import { A, closureEvent, mailTo, useAlertWorker, waitForMail } from './support';

const M = {
  request: 'mutation($m: String!) { requestMobileCode(mobile: $m) { mobile mobileState mobileAdvice } }',
  verify: 'mutation($c: String!) { verifyMobile(code: $c) { mobile mobileState } }',
  remove: 'mutation { removeMobile { mobileState } }',
  channels: 'query { alertChannels { mobile mobileState mobileAdvice smsOutOfCredit } }',
};

let staff: Auth;
let mobileSeq = 0;
const newMobile = () => `04${String(Date.now() % 100_000_000 + mobileSeq++).padStart(8, '0')}`;
const e164 = (local: string) => `+61${local.slice(1)}`;
const textsTo = (local: string) => readSmsOutbox(inject('stack').dataDir).filter((m) => m.to === e164(local));

async function verifiedMobile(user: TestUser): Promise<string> {
  const mobile = newMobile();
  await ok(M.request, { m: mobile.replace(/(\d{4})(\d{3})(\d{3})/, '$1 $2 $3') }, user.auth);
  const code = /code is (\d{6})/.exec(textsTo(mobile)[0].body)![1];
  await ok(M.verify, { c: code }, user.auth);
  return mobile;
}

const { smsAlertsFor } = await import('../../../lambdas/events/sms-alerts');

beforeAll(async () => {
  useAlertWorker();
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
  const { setSmsCap } = await import('../../../lambdas/adapters/alerts/sms-spend');
  await setSmsCap(FORBES, 1_000_000);
});

describe('a mobile number', () => {
  it('is verified by the texted code; the code is kept only as a hash; a wrong one is refused', async () => {
    const user = await freshUser('sms-verify');
    const mobile = newMobile();
    const bad = await gql(M.request, { m: '0212345678' }, user.auth);
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Enter an Australian mobile number, like 0412 345 678.' });
    const asked = await ok<{ requestMobileCode: { mobile: string; mobileState: string } }>(M.request, { m: `+61 ${mobile.slice(1)}` }, user.auth);
    expect(asked.requestMobileCode).toMatchObject({ mobile: e164(mobile), mobileState: 'pending' });
    const [text] = textsTo(mobile);
    const code = /code is (\d{6})/.exec(text.body)![1];
    const { db } = await import('../../../lambdas/adapters/db/db');
    const { data: profile } = await db().entities.user.get({ uid: user.uid }).go();
    expect(JSON.stringify(profile)).not.toContain(code);

    const wrong = await gql(M.verify, { c: code === '000000' ? '111111' : '000000' }, user.auth);
    expect(wrong.errors?.[0]?.errorType).toBe('ValidationError');
    const malformed = await gql(M.verify, { c: '12345' }, user.auth);
    expect(malformed.errors?.[0]?.message).toBe('Enter the 6-digit code we texted you.');
    const right = await ok<{ verifyMobile: { mobileState: string } }>(M.verify, { c: code }, user.auth);
    expect(right.verifyMobile.mobileState).toBe('verified');
    // Used once.
    expect((await gql(M.verify, { c: code }, user.auth)).errors?.[0]?.errorType).toBe('ValidationError');
  });

  it('codes are rate limited: a fourth in an hour is refused and texts nothing', async () => {
    const user = await freshUser('sms-limit');
    const mobile = newMobile();
    for (let i = 0; i < 3; i++) await ok(M.request, { m: mobile }, user.auth);
    const fourth = await gql(M.request, { m: mobile }, user.auth);
    expect(fourth.errors?.[0]).toMatchObject({ errorType: 'RateLimited' });
    expect(textsTo(mobile)).toHaveLength(3);
  });

  it('texts cannot be turned on without a verified mobile', async () => {
    const user = await freshUser('sms-none');
    await ok(Q.subscribeToLga, { code: FORBES }, user.auth);
    const res = await gql(A.setChannels, { input: { lgaCode: FORBES, email: 'OFF', sms: true } }, user.auth);
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Add and verify your mobile number first (Notification settings).' });
    await ok(Q.unsubscribeFromLga, { code: FORBES }, user.auth);
  });
});

describe('text alerts', () => {
  it('a closure change texts the follower once, in one GSM-7 SMS with the link; STOP opts the number out', async () => {
    const user = await freshUser('sms-alert');
    const mobile = await verifiedMobile(user);
    const closure = await createForbesClosure(staff, { reason: 'Flood “water” over the road — do not enter' });
    await ok(Q.subscribeToClosure, { id: closure.id }, user.auth);
    await ok(A.setChannels, { input: { closureId: closure.id, email: 'OFF', sms: true } }, user.auth);
    const event = closureEvent(closure.id);
    // Other files on this worker's stack may leave Forbes followers with texts on, who are texted
    // too: this follower's texts are counted below; a second run of the same event texts no one.
    expect((await smsAlertsFor(event)).sent).toBeGreaterThanOrEqual(1);
    expect((await smsAlertsFor(event)).sent).toBe(0);
    const alerts = textsTo(mobile).filter((t) => !t.body.includes('your code'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0].body.length).toBeLessThanOrEqual(160);
    expect(alerts[0].body).toMatch(/^Closure updated: /);
    expect(alerts[0].body).toContain('"water"');
    expect(alerts[0].body).toMatch(new RegExp(`/map\\?closure=${closure.id}$`));

    // The stand-in's reply form, as a phone replying STOP.
    const stack = inject('stack');
    const reply = await fetch(`${stack.url}/dev/sms/reply`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `from=${encodeURIComponent(mobile)}&body=stop` });
    expect(await reply.text()).toContain('opted out (STOP)');
    const state = await ok<{ alertChannels: { mobileState: string; mobileAdvice: string } }>(M.channels, {}, user.auth);
    expect(state.alertChannels.mobileState).toBe('opted_out');
    expect(state.alertChannels.mobileAdvice).toContain('replied STOP');
    expect((await smsAlertsFor(closureEvent(closure.id))).sent).toBe(0);
    // START lets texts go again.
    const { handleReply } = await import('../../../lambdas/events/sms-inbound');
    expect(await handleReply({ originationNumber: e164(mobile), messageBody: 'START' })).toBe('started');
    expect((await smsAlertsFor(closureEvent(closure.id))).sent).toBe(1);
  });

  it("the council's monthly cap stops its texts and tells its account managers once, in the app and by email", async () => {
    const { setSmsCap, smsSpentCents } = await import('../../../lambdas/adapters/alerts/sms-spend');
    const { monthOf, smsPriceCents } = await import('../../../lambdas/core/alerts/sms');
    const [a, b] = [await freshUser('sms-cap-a'), await freshUser('sms-cap-b')];
    const closure = await createForbesClosure(staff);
    const mobiles = [];
    for (const user of [a, b]) {
      mobiles.push(await verifiedMobile(user));
      await ok(Q.subscribeToClosure, { id: closure.id }, user.auth);
      await ok(A.setChannels, { input: { closureId: closure.id, email: 'OFF', sms: true } }, user.auth);
    }
    const month = monthOf(Math.floor(Date.now() / 1000));
    // Room for exactly two more texts this month.
    await setSmsCap(FORBES, (await smsSpentCents(FORBES, month)) + 2 * smsPriceCents());
    const staffUser = { auth: staff, uid: '', email: 'staff@forbes.example', token: '' } as unknown as TestUser;
    await ok('mutation { markAllNotificationsRead }', {}, staff);
    const mailsBefore = mailTo('staff@forbes.example').length;

    // Through the real stack: staff change the closure, the alert consumer texts.
    await ok('mutation($id: ID!) { reopenClosure(id: $id) { id } }', { id: closure.id }, staff);
    const first = await Promise.all(mobiles.map(async (m) => {
      const until = Date.now() + 5000;
      while (textsTo(m).filter((t) => !t.body.includes('your code')).length < 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      return textsTo(m).filter((t) => !t.body.includes('your code')).length;
    }));
    expect(first).toEqual([1, 1]);
    // The next change finds the allowance used up: no texts; the managers hear of it once.
    const capped = await smsAlertsFor(closureEvent(closure.id));
    expect(capped).toEqual({ sent: 0, capped: 2 });
    expect((await smsAlertsFor(closureEvent(closure.id))).capped).toBe(2);
    for (const m of mobiles) expect(textsTo(m).filter((t) => !t.body.includes('your code'))).toHaveLength(1);
    const mails = await waitForMail('staff@forbes.example', mailsBefore + 1);
    expect(mails.filter((m) => m.subject === 'Forbes: text alerts stopped for this month')).toHaveLength(1);
    // In the app: the notice event goes to the notification consumer like any other.
    const notice = workerEvents.filter((e) => e.type === 'customer.billingNotice' && (e.detail as { notice?: string }).notice === 'sms_credit_used');
    expect(notice).toHaveLength(1);
    const { notifyFor } = await import('../../../lambdas/events/notify');
    await notifyFor(notice[0]);
    const { uid: staffUid } = (await ok<{ me: { uid: string } }>('query { me { uid } }', {}, staff)).me;
    const seen = await waitForNotifications({ ...staffUser, uid: staffUid }, (items) => items.some((n) => n.title === 'Forbes: text alerts stopped for this month' && !n.read));
    expect(seen.filter((n) => n.title === 'Forbes: text alerts stopped for this month' && !n.read)).toHaveLength(1);
    expect((await ok<{ alertChannels: { smsOutOfCredit: string[] } }>(M.channels, {}, a.auth)).alertChannels.smsOutOfCredit).toEqual(['Forbes']);
    await setSmsCap(FORBES, 1_000_000);
  });
});

describe('two identical calls at once', () => {
  it('requestMobileCode: both answer, the number is pending, and the stored code is the one of the last text', async () => {
    const user = await freshUser('sms-double');
    const mobile = newMobile();
    const answers = await Promise.all([1, 2].map(() => gql<{ requestMobileCode: { mobileState: string } }>(M.request, { m: mobile }, user.auth)));
    for (const a of answers) expect(a.data?.requestMobileCode.mobileState).toBe('pending');
    const codes = textsTo(mobile).map((t) => /code is (\d{6})/.exec(t.body)![1]);
    expect(codes).toHaveLength(2);
    // One of the two codes verifies (whichever write was last), and the number is verified once.
    const tries = [];
    for (const code of codes) tries.push(await gql<{ verifyMobile: { mobileState: string } }>(M.verify, { c: code }, user.auth));
    expect(tries.filter((t) => t.data?.verifyMobile.mobileState === 'verified')).toHaveLength(1);
  });

  it('verifyMobile: the code verifies once; the second call meets no code', async () => {
    const user = await freshUser('sms-verify-twice');
    const mobile = newMobile();
    await ok(M.request, { m: mobile }, user.auth);
    const code = /code is (\d{6})/.exec(textsTo(mobile)[0].body)![1];
    const answers = await Promise.all([1, 2].map(() => gql<{ verifyMobile: { mobileState: string } }>(M.verify, { c: code }, user.auth)));
    expect(answers.filter((a) => a.data?.verifyMobile.mobileState === 'verified').length).toBeGreaterThanOrEqual(1);
    expect((await ok<{ alertChannels: { mobileState: string } }>(M.channels, {}, user.auth)).alertChannels.mobileState).toBe('verified');
  });

  it('removeMobile and setSmsSpendingCap: one result', async () => {
    const user = await freshUser('sms-remove-twice');
    await verifiedMobile(user);
    const removed = await Promise.all([1, 2].map(() => gql<{ removeMobile: { mobileState: string } }>(M.remove, {}, user.auth)));
    for (const r of removed) expect(r.data?.removeMobile.mobileState).toBe('none');
    const admin = { token: (await signIn('admin@example.com')).accessToken };
    const doc = 'mutation($c: String!, $cap: Int!) { setSmsSpendingCap(lgaCode: $c, capCents: $cap) { capCents } }';
    const caps = await Promise.all([1, 2].map(() => gql<{ setSmsSpendingCap: { capCents: number } }>(doc, { c: FORBES, cap: 777_000 }, admin)));
    for (const c of caps) expect(c.data?.setSmsSpendingCap.capCents).toBe(777_000);
    expect((await ok<{ smsSpending: { capCents: number } }>('query($c: String!) { smsSpending(lgaCode: $c) { capCents } }', { c: FORBES }, admin)).smsSpending.capCents).toBe(777_000);
    const bad = await gql(doc, { c: FORBES, cap: -1 }, admin);
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'The monthly SMS cap must be a whole number of cents, 0 or more.' });
  });
});
