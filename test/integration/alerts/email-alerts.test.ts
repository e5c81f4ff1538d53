// Alerts by email on the real local stack: a person who turns email on for a subscription gets
// one mail per closure event (never two on a retry or a replayed event), in the product's words
// with a text and an HTML part and RFC 8058 one-click unsubscribe headers; a daily digest gathers
// the day's closures in one mail; the unsubscribe link works without signing in and a forged one
// is refused; SES bounces and complaints stop mail to the address and the settings say so.
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn, type Auth } from '../../support/api';
import { createForbesClosure, freshUser, FORBES, ok, Q, type TestUser } from '../notifications/support';
import { REOPEN } from '../closures/support';
import { A, closureEvent, mailTo, snsOf, useAlertWorker, waitForMail } from './support';

let staff: Auth;

beforeAll(async () => {
  useAlertWorker();
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
});

async function followClosureByEmail(user: TestUser, closureId: string, email: 'IMMEDIATE' | 'DAILY', digestHour?: number) {
  await ok(Q.subscribeToClosure, { id: closureId }, user.auth);
  return ok<{ setSubscriptionChannels: { channels: { kind: string; target: string; email: string; digestHour: number }[] } }>(
    A.setChannels,
    { input: { closureId, email, ...(digestHour === undefined ? {} : { digestHour }) } },
    user.auth,
  );
}

const { emailAlertsFor, handler: emailAlertsHandler } = await import('../../../lambdas/events/email-alerts');

describe('immediate email alerts', () => {
  it('a reopening reaches the follower once, in the product words, with unsubscribe headers', async () => {
    const user = await freshUser('mail-now');
    const closure = await createForbesClosure(staff, { reason: 'Water over the causeway', estimatedReopening: Math.floor(Date.now() / 1000) + 86_400 });
    const set = await followClosureByEmail(user, closure.id, 'IMMEDIATE');
    expect(set.setSubscriptionChannels.channels).toContainEqual({ kind: 'closure', target: closure.id, email: 'immediate', digestHour: 7 });

    await ok(REOPEN, { id: closure.id }, staff);
    const [mail] = await waitForMail(user.email, 1);
    expect(mail).toBeDefined();
    expect(mail.subject).toMatch(/^Road reopened: /);
    expect(mail.body).toContain('Reason: Water over the causeway');
    expect(mail.body).toContain(`/map?closure=${closure.id}`);
    expect(mail.html).toContain('<table');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/alerts\/unsubscribe\?token=c\./);
    // Nothing else arrives for that one event.
    await new Promise((r) => setTimeout(r, 500));
    expect(mailTo(user.email)).toHaveLength(1);
  });

  it('a retried or replayed event sends nothing more; each new event sends one', async () => {
    const user = await freshUser('mail-replay');
    const closure = await createForbesClosure(staff);
    await followClosureByEmail(user, closure.id, 'IMMEDIATE');
    const event = closureEvent(closure.id);
    const first = await emailAlertsFor(event);
    expect(first.sent).toBe(1);
    // SNS delivers it again, and someone replays it by hand: no second mail.
    await emailAlertsHandler(snsOf(event));
    const again = await Promise.all([emailAlertsFor(event), emailAlertsFor(event)]);
    expect(again.map((r) => r.sent)).toEqual([0, 0]);
    expect(mailTo(user.email)).toHaveLength(1);
    expect((await emailAlertsFor(closureEvent(closure.id))).sent).toBe(1);
    expect(mailTo(user.email)).toHaveLength(2);
  });

  it('the council subscription mails too, and a closure follower never gets it twice', async () => {
    const user = await freshUser('mail-both');
    const closure = await createForbesClosure(staff);
    await followClosureByEmail(user, closure.id, 'IMMEDIATE');
    await ok(Q.subscribeToLga, { code: FORBES }, user.auth);
    await ok(A.setChannels, { input: { lgaCode: FORBES, email: 'IMMEDIATE' } }, user.auth);
    expect((await emailAlertsFor(closureEvent(closure.id))).sent).toBeGreaterThanOrEqual(1);
    const mine = mailTo(user.email);
    expect(mine).toHaveLength(1);
    // The closure's own subscription is the one its unsubscribe link stops.
    expect(mine[0].headers?.['List-Unsubscribe']).toContain(`token=c.${user.uid}.${closure.id}.`);
    await ok(Q.unsubscribeFromLga, { code: FORBES }, user.auth);
  });

  it('an unverified address gets no alert', async () => {
    const user = await freshUser('mail-unverified');
    const closure = await createForbesClosure(staff);
    await followClosureByEmail(user, closure.id, 'IMMEDIATE');
    const { db } = await import('../../../lambdas/adapters/db/db');
    await db().entities.user.patch({ uid: user.uid }).set({ emailVerified: false }).go();
    expect((await emailAlertsFor(closureEvent(closure.id))).sent).toBe(0);
    expect(mailTo(user.email)).toHaveLength(0);
    expect((await ok<{ alertChannels: { emailState: string } }>(A.alertChannels, {}, user.auth)).alertChannels.emailState).toBe('unverified');
  });
});

describe('daily digests', () => {
  it("one mail at the person's hour lists the closures since the last one, the latest news of each", async () => {
    const { sendDueDigests } = await import('../../../lambdas/schedules/digests');
    const { nextDigestAt } = await import('../../../lambdas/core/alerts/digest-time');
    const user = await freshUser('mail-digest');
    const [a, b] = [await createForbesClosure(staff, { reason: 'Bridge under inspection' }), await createForbesClosure(staff, { reason: 'Culvert washed out' })];
    await followClosureByEmail(user, a.id, 'DAILY', 6);
    await followClosureByEmail(user, b.id, 'DAILY', 6);
    const at = Math.floor(Date.now() / 1000);
    const results = [await emailAlertsFor(closureEvent(a.id, 'closure.created', at)), await emailAlertsFor(closureEvent(b.id, 'closure.created', at)), await emailAlertsFor(closureEvent(a.id, 'closure.changed', at + 1))];
    expect(results.map((r) => r.sent)).toEqual([0, 0, 0]);
    // Each event waits in this person's next digest; other files on the same stack may leave Forbes
    // followers with daily mail, whose entries are counted in `queued` too.
    const { dueDigestEntries } = await import('../../../lambdas/adapters/alerts/digests');
    const mine = (await dueDigestEntries(at + 2 * 86_400)).filter((entry) => entry.uid === user.uid);
    expect(mine.map((entry) => `${entry.closureId === a.id ? 'a' : 'b'} ${entry.eventType}`).sort()).toEqual(['a closure.changed', 'a closure.created', 'b closure.created']);
    expect(mailTo(user.email)).toHaveLength(0);

    const due = nextDigestAt(at, 6, 'Australia/Sydney');
    expect(new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', hour: 'numeric', hourCycle: 'h23' }).format(new Date(due * 1000))).toBe('06');
    // Not before the hour.
    expect((await sendDueDigests(due - 60)).sent).toBe(0);
    await sendDueDigests(due + 60);
    const [digest] = mailTo(user.email);
    expect(digest.subject).toBe('Road closures today in Forbes: 2 updates');
    expect(digest.body).toContain('Reason: Bridge under inspection');
    expect(digest.body).toContain('Reason: Culvert washed out');
    // The later change of closure a is what the digest tells, once.
    expect(digest.body.match(/Bridge under inspection/g)).toHaveLength(1);
    expect(digest.body).toContain('Closure updated');
    expect(digest.headers?.['List-Unsubscribe']).toContain(`token=a.${user.uid}.all.`);
    // A second run (or the schedule firing twice) sends nothing more.
    await sendDueDigests(due + 120);
    expect(mailTo(user.email)).toHaveLength(1);
  });
});

describe('one-click unsubscribe', () => {
  const unsubscribeUrl = (header: string | undefined) => header!.slice(1, -1);

  it('works without signing in: the RFC 8058 POST turns email off for that subscription only', async () => {
    const user = await freshUser('mail-unsub');
    const closure = await createForbesClosure(staff);
    await followClosureByEmail(user, closure.id, 'IMMEDIATE');
    await emailAlertsFor(closureEvent(closure.id));
    const url = unsubscribeUrl(mailTo(user.email)[0].headers?.['List-Unsubscribe']);

    // A mail scanner opening the link changes nothing.
    const look = await fetch(url);
    expect(look.status).toBe(200);
    expect(await look.text()).toContain('Stop emails about this closure?');
    let subs = await ok<{ mySubscriptions: { channels: { email: string }[] } }>(A.mySubscriptions, {}, user.auth);
    expect(subs.mySubscriptions.channels[0].email).toBe('immediate');

    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You will get no more emails about this closure');
    subs = await ok(A.mySubscriptions, {}, user.auth);
    expect(subs.mySubscriptions.channels).toEqual([{ kind: 'closure', target: closure.id, email: 'off', digestHour: 7 }]);
    // Still followed in the app; no more mail.
    expect((await ok<{ mySubscriptions: { closures: { id: string }[] } }>(A.mySubscriptions, {}, user.auth)).mySubscriptions.closures.map((c) => c.id)).toEqual([closure.id]);
    await emailAlertsFor(closureEvent(closure.id));
    expect(mailTo(user.email)).toHaveLength(1);
  });

  it("a forged or altered link is refused and changes nothing, even for someone else's subscription", async () => {
    const [victim, attacker] = [await freshUser('mail-victim'), await freshUser('mail-attacker')];
    const closure = await createForbesClosure(staff);
    await followClosureByEmail(victim, closure.id, 'IMMEDIATE');
    await followClosureByEmail(attacker, closure.id, 'IMMEDIATE');
    await emailAlertsFor(closureEvent(closure.id));
    const own = unsubscribeUrl(mailTo(attacker.email)[0].headers?.['List-Unsubscribe']);
    const token = new URL(own).searchParams.get('token')!;
    const [kind, , id, mac] = token.split('.');
    const { stack } = { stack: new URL(own).origin };
    const forgeries = [
      `${kind}.${victim.uid}.${id}.${mac}`, // the attacker's signature on the victim's uid
      `a.${victim.uid}.all.${mac}`,
      `${kind}.${victim.uid}.${id}.${'A'.repeat(mac.length)}`,
      'c.nobody.nothing',
      '',
    ];
    for (const forged of forgeries) {
      const res = await fetch(`${stack}/alerts/unsubscribe?token=${encodeURIComponent(forged)}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('This unsubscribe link is not valid');
    }
    const subs = await ok<{ mySubscriptions: { channels: { email: string }[] } }>(A.mySubscriptions, {}, victim.auth);
    expect(subs.mySubscriptions.channels[0].email).toBe('immediate');
  });
});

describe('bounces and complaints', () => {
  it('a permanent bounce stops alert mail to the address, the settings say so, and Resume lifts it', async () => {
    const { handler: feedback } = await import('../../../lambdas/events/mail-feedback');
    const user = await freshUser('mail-bounce');
    const closure = await createForbesClosure(staff);
    await followClosureByEmail(user, closure.id, 'IMMEDIATE');
    await emailAlertsFor(closureEvent(closure.id));
    expect(mailTo(user.email)).toHaveLength(1);

    // A transient bounce is SES's to retry: nothing stops.
    await feedback(snsOf({ eventType: 'Bounce', bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: user.email }] } }));
    expect((await ok<{ alertChannels: { emailState: string } }>(A.alertChannels, {}, user.auth)).alertChannels.emailState).toBe('verified');

    await feedback(snsOf({ eventType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: user.email.toUpperCase() }] } }));
    const state = (await ok<{ alertChannels: { email: string; emailState: string; emailAdvice: string } }>(A.alertChannels, {}, user.auth)).alertChannels;
    expect(state).toMatchObject({ email: user.email, emailState: 'bounced' });
    expect(state.emailAdvice).toContain('Resume email alerts');
    expect((await emailAlertsFor(closureEvent(closure.id))).sent).toBe(0);
    expect(mailTo(user.email)).toHaveLength(1);

    const resumed = await ok<{ resumeAlertEmail: { emailState: string } }>(A.resume, {}, user.auth);
    expect(resumed.resumeAlertEmail.emailState).toBe('verified');
    expect((await emailAlertsFor(closureEvent(closure.id))).sent).toBe(1);
  });

  it('a complaint stops it too', async () => {
    const { handler: feedback } = await import('../../../lambdas/events/mail-feedback');
    const user = await freshUser('mail-complaint');
    await feedback(snsOf({ notificationType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: user.email }] } }));
    expect((await ok<{ alertChannels: { emailState: string } }>(A.alertChannels, {}, user.auth)).alertChannels.emailState).toBe('complained');
  });
});

describe('setSubscriptionChannels', () => {
  it('refuses bad input with a clear message and changes nothing; a subscription not followed is not found', async () => {
    const user = await freshUser('mail-input');
    await ok(Q.subscribeToLga, { code: FORBES }, user.auth);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'DAILY' }, 'Choose one closure, one council or one watched area.'],
      [{ lgaCode: FORBES, closureId: 'x', email: 'DAILY' }, 'Choose one closure, one council or one watched area.'],
      [{ lgaCode: FORBES, email: 'DAILY', digestHour: 24 }, 'The digest hour must be a whole hour from 0 to 23.'],
      [{ lgaCode: FORBES, email: 'DAILY', digestHour: -1 }, 'The digest hour must be a whole hour from 0 to 23.'],
    ];
    for (const [input, message] of cases) {
      const res = await gql(A.setChannels, { input }, user.auth);
      expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message });
    }
    const notFollowed = await gql(A.setChannels, { input: { lgaCode: '16200', email: 'DAILY' } }, user.auth);
    expect(notFollowed.errors?.[0]?.errorType).toBe('NotFound');
    const subs = await ok<{ mySubscriptions: { channels: unknown[] } }>(A.mySubscriptions, {}, user.auth);
    expect(subs.mySubscriptions.channels).toEqual([{ kind: 'lga', target: FORBES, email: 'off', digestHour: 7 }]);
    await ok(Q.unsubscribeFromLga, { code: FORBES }, user.auth);
  });

  it('two identical calls at once leave one subscription with those channels and the counts unchanged', async () => {
    const user = await freshUser('mail-double');
    await ok(Q.subscribeToLga, { code: FORBES }, user.auth);
    const before = (await ok<{ lgaSubscriberCount: number }>(Q.lgaSubscriberCount, { lgaCode: FORBES }, user.auth)).lgaSubscriberCount;
    const answers = await Promise.all([1, 2].map(() => gql(A.setChannels, { input: { lgaCode: FORBES, email: 'DAILY', digestHour: 18 } }, user.auth)));
    for (const a of answers) expect(a.errors).toBeUndefined();
    const subs = await ok<{ mySubscriptions: { lgas: unknown[]; channels: unknown[] } }>(A.mySubscriptions, {}, user.auth);
    expect(subs.mySubscriptions.lgas).toHaveLength(1);
    expect(subs.mySubscriptions.channels).toEqual([{ kind: 'lga', target: FORBES, email: 'daily', digestHour: 18 }]);
    expect((await ok<{ lgaSubscriberCount: number }>(Q.lgaSubscriberCount, { lgaCode: FORBES }, user.auth)).lgaSubscriberCount).toBe(before);
    await ok(Q.unsubscribeFromLga, { code: FORBES }, user.auth);
  });

  it('two Resume calls at once leave the address resumed once', async () => {
    const { suppressAddress, suppressionOf } = await import('../../../lambdas/adapters/alerts/suppression');
    const user = await freshUser('mail-resume');
    await suppressAddress(user.email, 'bounced');
    const answers = await Promise.all([1, 2].map(() => gql<{ resumeAlertEmail: { emailState: string } }>(A.resume, {}, user.auth)));
    for (const a of answers) expect(a.data?.resumeAlertEmail.emailState).toBe('verified');
    expect(await suppressionOf(user.email)).toBeUndefined();
  });
});
