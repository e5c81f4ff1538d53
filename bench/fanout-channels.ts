// One closure change to every channel of 10,000 council followers (run by bench/fanout.ts): email on
// for 30 % (immediate), texts for 5 % (a verified mobile; the council pays and has SMS credit), Web
// Push and in-app for all. The real consumers run as the events topic would run them: the in-app
// writer, the Web Push sender and the alert consumer, whose batches go through the runtime's alert
// queue to the alert sender. What arrived is counted per channel and per person — the mail outbox,
// the SMS stand-in's outbox, a Web Push stand-in (an HTTPS server on loopback) and the stored
// notifications — once, then again after the same event is delivered a second time (a replay):
// each person has exactly one of each, none missing. Printed: the mail and text throughput beside
// the rates set in configuration, each channel's time and the total.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dynamoClient, tableName } from '../lambdas/adapters/db/client';
import { db } from '../lambdas/adapters/db/db';
import { endpointHash } from '../lambdas/adapters/notifications/push';
import { deliverMailLocally } from '../lambdas/adapters/platform/mail';
import { deliverSmsLocally, smsSendRate } from '../lambdas/adapters/alerts/sms-out';
import { setSmsCap } from '../lambdas/adapters/alerts/sms-spend';
import type { DomainEvent } from '../lambdas/adapters/platform/events';
import { mailSendRate } from '../lambdas/core/alerts/send-rate';
import { handler as alertConsumer } from '../lambdas/events/email-alerts';
import { notifyFor } from '../lambdas/events/notify';
import { pushFor } from '../lambdas/events/push';
import { outboxMailSink, readOutbox } from '../local/outbox';
import { readSmsOutbox, smsOutboxSink } from '../local/sms-outbox';
import type { LocalStack } from '../local/stack';
import { against, count, plain, type Figure } from './support/report';

/** Who has which channel on: 3 in 10 email at once, 1 in 20 texts (every 20th, so some have both). */
export const emailOn = (i: number) => i % 10 < 3;
export const smsOn = (i: number) => i % 20 === 0;
const addressOf = (uid: string) => `${uid}@bench.example`;
const mobileOf = (i: number) => `+6149${String(i).padStart(7, '0')}`;

/** The followers' rows, as subscribing, verifying and turning push on would leave them. */
export function followerRows(uids: readonly string[], lgaCode: string, pushBase: string) {
  // One browser key pair for every device: each push is still encrypted on its own.
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  return {
    subscriptions: uids.map((uid, i) => ({ uid, lgaCode, optOuts: [], email: emailOn(i) ? ('immediate' as const) : ('off' as const), digestHour: 7, sms: smsOn(i) })),
    profiles: uids.map((uid, i) => ({ uid, email: addressOf(uid), emailVerified: true, ...(smsOn(i) ? { alertMobile: mobileOf(i), alertMobileVerified: true } : {}) })),
    devices: uids.map((uid) => {
      const endpoint = `${pushBase}/push/${uid}`;
      return { uid, endpointHash: endpointHash(endpoint), endpoint, keys, userAgent: 'bench' };
    }),
  };
}

/** A stand-in for the browsers' push services: counts the pushes each person's device receives. */
export async function startPushStandIn() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-push-cert-'));
  // An elliptic-curve certificate: each push is a TLS handshake of its own (web-push keeps no
  // connection), and an RSA one would make the stand-in, in this same process, the slow part.
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
  const perPath = new Map<string, number>();
  const server = https.createServer({ key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) }, (req, res) => {
    req.resume();
    req.on('end', () => {
      perPath.set(req.url ?? '', (perPath.get(req.url ?? '') ?? 0) + 1);
      res.writeHead(201).end();
    });
  });
  rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The stand-in's certificate is self-signed; this process trusts it while the bench runs.
  const tlsBefore = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  return {
    base: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pushesTo: (uid: string) => perPath.get(`/push/${uid}`) ?? 0,
    async close() {
      if (tlsBefore === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsBefore;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** In-app notifications of this event, per person (one Scan, filtered by event id). */
async function notificationsPerPerson(eventId: string): Promise<Map<string, number>> {
  const per = new Map<string, number>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#e = :e AND eventId = :id',
        ProjectionExpression: '#uid',
        ExpressionAttributeNames: { '#e': '__edb_e__', '#uid': 'uid' },
        ExpressionAttributeValues: { ':e': 'notification', ':id': eventId },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) per.set(item.uid as string, (per.get(item.uid as string) ?? 0) + 1);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return per;
}

interface Tally {
  /** People with exactly one, of those who should have one. */
  once: number;
  /** People who should have one and have none. */
  missing: number;
  /** People with more than one, or one they should not have. */
  extra: number;
}

function tally(uids: readonly string[], wants: (i: number) => boolean, got: (uid: string) => number): Tally {
  const t = { once: 0, missing: 0, extra: 0 };
  uids.forEach((uid, i) => {
    const n = got(uid);
    if (wants(i)) {
      if (n === 1) t.once++;
      else if (n === 0) t.missing++;
      else t.extra++;
    } else if (n > 0) t.extra++;
  });
  return t;
}

const exact = (t: Tally, expected: number) => t.once === expected && t.missing === 0 && t.extra === 0;
const tallyText = (t: Tally) => `${count(t.once)} once, ${t.missing} missing, ${t.extra} extra`;

export interface ChannelsInput {
  stack: LocalStack;
  closureId: string;
  lgaCode: string;
  uids: readonly string[];
  push: Awaited<ReturnType<typeof startPushStandIn>>;
}

/** The event on every channel, then the same event again; what arrived counted per person. */
export async function benchChannels({ stack, closureId, lgaCode, uids, push }: ChannelsInput): Promise<{ printed: string[]; figures: Figure[] }> {
  // The council pays (the seed's Forbes is active) and has credit for every text.
  await setSmsCap(lgaCode, 100_000_000);
  const dataDir = stack.settings.dataDir;
  // The stand-ins the stack set, with the time each message arrives noted.
  const mailTimes: number[] = [];
  const textTimes: number[] = [];
  const toOutbox = outboxMailSink(dataDir);
  const toSmsOutbox = smsOutboxSink(dataDir);
  deliverMailLocally((mail) => {
    mailTimes.push(performance.now());
    toOutbox(mail);
  });
  deliverSmsLocally((text) => {
    textTimes.push(performance.now());
    toSmsOutbox(text);
  });
  const mailsBefore = readOutbox(dataDir).length;
  const textsBefore = readSmsOutbox(dataDir).length;

  const event: DomainEvent = { id: randomUUID(), type: 'closure.changed', occurredAt: Math.floor(Date.now() / 1000), actor: 'bench-actor', detail: { closureId, lgaCode } };
  const sns = { Records: [{ EventSource: 'aws:sns', Sns: { Message: JSON.stringify(event), MessageId: randomUUID(), Type: 'Notification' } }] } as never;
  /** The three subscriptions of the events topic, at once, as SNS runs them; each one's time. */
  const deliver = async () => {
    const started = performance.now();
    const timed = async (work: () => Promise<unknown>) => {
      await work();
      return (performance.now() - started) / 1000;
    };
    const [inApp, pushed, alertsQueued] = await Promise.all([timed(() => notifyFor(event)), timed(() => pushFor(event)), timed(() => alertConsumer(sns))]);
    await stack.settled();
    return { inApp, pushed, alertsQueued, total: (performance.now() - started) / 1000, started };
  };

  const first = await deliver();
  const mailSpan = mailTimes.length > 1 ? (mailTimes.at(-1)! - mailTimes[0]!) / 1000 : 0;
  const textSpan = textTimes.length > 1 ? (textTimes.at(-1)! - textTimes[0]!) / 1000 : 0;
  const mailRate = mailSpan > 0 ? (mailTimes.length - 1) / mailSpan : 0;
  const textRate = textSpan > 0 ? (textTimes.length - 1) / textSpan : 0;
  const lastMail = mailTimes.length ? (mailTimes.at(-1)! - first.started) / 1000 : 0;
  const lastText = textTimes.length ? (textTimes.at(-1)! - first.started) / 1000 : 0;
  const mailsFirst = mailTimes.length;
  const textsFirst = textTimes.length;

  const replay = await deliver();

  // Counted from what the stand-ins hold: the outbox files, the push stand-in and the table.
  const mails = readOutbox(dataDir).slice(0, readOutbox(dataDir).length - mailsBefore);
  const texts = readSmsOutbox(dataDir).slice(0, readSmsOutbox(dataDir).length - textsBefore);
  const mailsPer = new Map<string, number>();
  for (const m of mails) mailsPer.set(m.to, (mailsPer.get(m.to) ?? 0) + 1);
  const textsPer = new Map<string, number>();
  for (const t of texts) textsPer.set(t.to, (textsPer.get(t.to) ?? 0) + 1);
  const inAppPer = await notificationsPerPerson(event.id);
  const index = new Map(uids.map((uid, i) => [uid, i]));
  const tallies = {
    inApp: tally(uids, () => true, (uid) => inAppPer.get(uid) ?? 0),
    push: tally(uids, () => true, (uid) => push.pushesTo(uid)),
    email: tally(uids, emailOn, (uid) => mailsPer.get(addressOf(uid)) ?? 0),
    sms: tally(uids, smsOn, (uid) => textsPer.get(mobileOf(index.get(uid)!)) ?? 0),
  };
  const wanted = { inApp: uids.length, push: uids.length, email: uids.filter((_, i) => emailOn(i)).length, sms: uids.filter((_, i) => smsOn(i)).length };
  const allExact = (Object.keys(tallies) as (keyof typeof tallies)[]).every((k) => exact(tallies[k], wanted[k]));
  const configuredMail = mailSendRate();
  const configuredSms = smsSendRate();
  // Kept under the rate (a hair over it is the timer's rounding): SES and End User Messaging refuse more.
  const underRate = (rate: number, configured: number) => rate > 0 && rate <= configured * 1.02;
  const share = (rate: number, configured: number) => `${Math.round((100 * rate) / configured)} % of it`;

  const printed = [
    `  every channel: one closure.changed event to ${count(uids.length)} council followers — email on (at once) for ${count(wanted.email)}, texts for ${count(wanted.sms)} (verified mobiles; the council active with SMS credit), push and in-app for all`,
    `  in-app: stored in ${first.inApp.toFixed(1)} s; Web Push: ${count(uids.length)} pushed in ${first.pushed.toFixed(1)} s; the alert consumer queued its batches in ${first.alertsQueued.toFixed(1)} s`,
    `  email: ${count(mailsFirst)} mails, the last ${lastMail.toFixed(1)} s after the event; ${mailRate.toFixed(1)} mails/s while sending against the configured SES rate of ${configuredMail}/s (${share(mailRate, configuredMail)})`,
    `  SMS: ${count(textsFirst)} texts, the last ${lastText.toFixed(1)} s after the event; ${textRate.toFixed(1)} texts/s while sending against the configured rate of ${configuredSms}/s (${share(textRate, configuredSms)})`,
    `  total: every channel done ${first.total.toFixed(1)} s after the event`,
    `  the same event again (a replay): done in ${replay.total.toFixed(1)} s, ${mailTimes.length - mailsFirst} more mails, ${textTimes.length - textsFirst} more texts`,
    `  per person after both deliveries: in-app ${tallyText(tallies.inApp)}; push ${tallyText(tallies.push)}; email ${tallyText(tallies.email)}; SMS ${tallyText(tallies.sms)} (exactly once: ${allExact ? 'holds' : 'MISSED'})`,
  ];
  const figures: Figure[] = [
    against('every channel: each follower exactly once after the event and its replay (in-app, push, email, SMS)', `${count(tallies.inApp.once)} / ${count(tallies.push.once)} / ${count(tallies.email.once)} / ${count(tallies.sms.once)}; ${tallies.inApp.missing + tallies.push.missing + tallies.email.missing + tallies.sms.missing} missing, ${tallies.inApp.extra + tallies.push.extra + tallies.email.extra + tallies.sms.extra} extra`, `${count(wanted.inApp)} / ${count(wanted.push)} / ${count(wanted.email)} / ${count(wanted.sms)}; none missing or extra`, allExact),
    against('email throughput while sending, against the SES rate from configuration', `${mailRate.toFixed(1)} mails/s = ${share(mailRate, configuredMail)} (${count(mailsFirst)}, the last after ${lastMail.toFixed(0)} s)`, `≤ ${configuredMail}/s`, underRate(mailRate, configuredMail)),
    against('SMS throughput while sending, against the SMS rate from configuration', `${textRate.toFixed(1)} texts/s = ${share(textRate, configuredSms)} (${count(textsFirst)}, the last after ${lastText.toFixed(0)} s)`, `≤ ${configuredSms}/s`, underRate(textRate, configuredSms)),
    plain('Web Push to every follower (claimed once each)', `${count(uids.length)} in ${first.pushed.toFixed(1)} s`),
    plain('total: the event until every channel is done', `${first.total.toFixed(1)} s`),
  ];
  return { printed, figures };
}
