// Text alerts for a closure event (run by the alert consumer beside the mail): each person whose
// subscription has texts on, with a verified mobile that has not replied STOP, gets one SMS, once
// per event (claimed like the mail). Only a council with an active subscription sends texts, and
// each text is taken from its monthly allowance first; when the cap is reached texts stop, and the
// council's account managers are told once that month, in the app and by email.
import type { DomainEvent } from '../adapters/platform/events';
import { publishEvent } from '../adapters/platform/events';
import { getClosure } from '../adapters/closures/store';
import { getLga } from '../adapters/foundation/lgas';
import { db } from '../adapters/db/db';
import { closureSmsSubscribers, lgaSmsSubscribers } from '../adapters/alerts/subscription-channels';
import { alertMobiles } from '../adapters/alerts/mobile';
import { claimAlert, releaseAlert } from '../adapters/alerts/claims';
import { smsCapOf, takeSmsSpend } from '../adapters/alerts/sms-spend';
import { sendSms } from '../adapters/alerts/sms-out';
import { sendMail } from '../adapters/platform/mail';
import { verifiedUidsForEmails } from '../adapters/identity/principal';
import { closureSms, monthOf, smsPriceCents } from '../core/alerts/sms';
import { billingNoticeContent } from '../core/billing/status';
import { isClosureEvent, type ClosureEvent } from '../core/notifications/messages';
import type { ClosureAlertFacts } from '../core/alerts/alert-mail';
import { forEachSettled } from '../core/alerts/batches';
import { closureLink } from './alert-links';
import { closureFacts } from './alert-plan';
import { zoneWatchersOf } from './watch-zone-plan';

/** Texts in flight in one batch. */
const TEXTS_IN_FLIGHT = 4;

export interface SmsAlertResult {
  sent: number;
  /** Texts not sent because the council's cap was reached. */
  capped: number;
}

/** Tells the council's account managers, once a month, that its texts stopped. */
async function noticeCapReached(lgaCode: string, lgaName: string | undefined, month: string): Promise<void> {
  if (!(await claimAlert(`smscap-${lgaCode}-${month}`, 'managers', 'notice'))) return;
  await publishEvent('customer.billingNotice', { lgaCode, notice: 'sms_credit_used', trialEnd: null });
  const { data: managers } = await db().entities.manager.query.byLga({ lgaCode }).go({ pages: 'all' });
  const content = billingNoticeContent('sms_credit_used', { code: lgaCode, name: lgaName });
  for (const { email, roles } of managers) {
    if (!(roles ?? []).includes('account_manager') || (await verifiedUidsForEmails([email])).length === 0) continue;
    await sendMail({ to: email, subject: content.title, text: `${content.body}\n\n${(process.env.SITE_URL ?? '').replace(/\/$/, '')}${content.redirectTo}\n` });
  }
}

/** Who an event texts: its council's followers with texts on (the actor never), when the council pays. */
export interface SmsPlan {
  lgaCode: string;
  lgaName?: string;
  facts: ClosureAlertFacts;
  uids: string[];
  /** Those of `uids` whose watched area the change moved the closure out of: their text says so. */
  movedOut?: string[];
}

export async function smsPlanFor(event: DomainEvent): Promise<SmsPlan | undefined> {
  if (!isClosureEvent(event.type)) return undefined;
  const { closureId, lgaCode } = event.detail as { closureId?: string; lgaCode?: string };
  if (!closureId || !lgaCode) return undefined;
  const [closure, lga] = await Promise.all([getClosure(closureId), getLga(lgaCode)]);
  if (!closure || !lga || lga.customerStatus !== 'active') return undefined;
  if (event.type === 'closure.changed' && closure.view === 'ARCHIVED') return undefined;
  const [byClosure, byLga] = await Promise.all([closureSmsSubscribers(closureId), lgaSmsSubscribers(lgaCode)]);
  const watchers = (await zoneWatchersOf(closure, event)).filter((w) => w.channels.sms);
  const uids = [...new Set([...byClosure, ...byLga, ...watchers].map((s) => s.uid))].filter((uid) => uid !== event.actor);
  // A follower of the closure or council reads the closure's own news, not that it left their area.
  const following = new Set([...byClosure, ...byLga].map((s) => s.uid));
  const movedOut = watchers.filter((w) => w.movedOut && !following.has(w.uid)).map((w) => w.uid);
  return { lgaCode, lgaName: lga.name, facts: closureFacts(closure, lga), uids, ...(movedOut.length > 0 ? { movedOut } : {}) };
}

/** Texts every person of the plan here and now, in one go. */
export async function smsAlertsFor(event: DomainEvent): Promise<SmsAlertResult> {
  const plan = await smsPlanFor(event);
  if (!plan) return { sent: 0, capped: 0 };
  return sendSmsAlerts(event, plan, plan.uids);
}

/** Texts one batch of a plan's people (each once per event), taking each text from the council's allowance first. */
export async function sendSmsAlerts(event: DomainEvent, plan: Omit<SmsPlan, 'uids'>, uids: readonly string[]): Promise<SmsAlertResult> {
  const result = { sent: 0, capped: 0 };
  if (uids.length === 0) return result;
  const { lgaCode } = plan;
  const cap = (await smsCapOf(lgaCode)) ?? 0;
  const mobiles = await alertMobiles(uids);
  const link = closureLink(plan.facts.id);
  const text = closureSms(event.type as ClosureEvent, plan.facts, link);
  const movedOut = new Set(plan.movedOut);
  const movedOutText = movedOut.size > 0 ? closureSms(event.type as ClosureEvent, plan.facts, link, { movedOut: true }) : text;
  const month = monthOf(event.occurredAt);
  const price = smsPriceCents();
  // A few texts in flight: the pacer keeps the rate, and each text's claim and allowance are
  // writes of their own, which one at a time would keep the texts well under it.
  await forEachSettled(uids, TEXTS_IN_FLIGHT, async (uid) => {
    const to = mobiles.get(uid);
    if (!to) return;
    if (!(await claimAlert(event.id, uid, 'sms'))) return;
    if (!(await takeSmsSpend(lgaCode, month, price, cap))) {
      // Not sent: the claim goes back, so nothing stands for a text that never went.
      await releaseAlert(event.id, uid, 'sms');
      result.capped++;
      return;
    }
    try {
      await sendSms(to, movedOut.has(uid) ? movedOutText : text);
    } catch (error) {
      // The retry sends it (its price was taken already: a failed send costs nothing at AWS, so the
      // allowance errs on the side of fewer texts).
      await releaseAlert(event.id, uid, 'sms');
      throw error;
    }
    result.sent++;
  });
  if (result.capped > 0) await noticeCapReached(lgaCode, plan.lgaName, month);
  return result;
}
