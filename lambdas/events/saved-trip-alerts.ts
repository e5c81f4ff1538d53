// Saved-trip alerts (docs/alerts.md#saved-trips): a subscription of the events topic of its own,
// with the road engine. For a closure event, the trips whose stored route cells meet the closure's
// are routed again with and without it (lambdas/core/alerts/saved-trips.ts); each trip it blocks
// or frees is told in the app, by push, and by mail and text where the trip has them on. Every
// channel is once per event and trip: the in-app notification's id derives from them, and the
// other sends are claimed first, so a retry or a replayed event sends nothing more.
import { Logger } from '@aws-lambda-powertools/logger';
import type { SNSEvent } from 'aws-lambda';
import type { DomainEvent } from '../adapters/platform/events';
import { getClosure } from '../adapters/closures/store';
import { getLga } from '../adapters/foundation/lgas';
import { addTripCells, tripsInCells } from '../adapters/alerts/saved-trips';
import { alertAddresses } from '../adapters/alerts/addresses';
import { alertMobiles } from '../adapters/alerts/mobile';
import { claimAlert, onceFor, releaseAlert } from '../adapters/alerts/claims';
import { sendAlertMail } from '../adapters/alerts/send-alert-mail';
import { sendSms } from '../adapters/alerts/sms-out';
import { smsCapOf, takeSmsSpend } from '../adapters/alerts/sms-spend';
import { tableClosureSource } from '../adapters/directions/closures';
import { unsealedRules } from '../adapters/directions/unsealed-rules';
import { sendWebPush, vapidConfig } from '../adapters/notifications/push';
import { withConcurrency } from '../adapters/notifications/store';
import { roadGraphReady } from '../adapters/platform/road-graph-file';
import {
  closureCells,
  routeCells,
  sharedClosureSource,
  tripAlertMail,
  tripAlertSms,
  tripAlertText,
  tripDirectionsPath,
  tripEffectOf,
  type SavedTrip,
  type TripEffect,
} from '../core/alerts/saved-trips';
import { monthOf, smsPriceCents, toGsm7 } from '../core/alerts/sms';
import type { ClosureRecord } from '../core/closures/types';
import { TripUnsealed } from '../core/directions/unsealed';
import { isClosureEvent, type NotificationContent } from '../core/notifications/messages';
import { getRoadEngine } from '../core/roads/engine';
import type { Position } from '../core/roads/geo';
import { alertLinks, closureLink } from './alert-links';
import { deliver } from './notify';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures-saved-trip-alerts' });
/** Trips checked at once: routing is one thread, this overlaps the closure reads of one with the next's routing. */
const TRIPS_IN_FLIGHT = 4;
const site = () => (process.env.SITE_URL ?? '').replace(/\/$/, '');

export interface SavedTripAlertResult {
  /** Trips whose route cells meet the closure's: routed again. */
  routed: number;
  /** Trips the change blocks or frees: alerted. */
  alerted: number;
}

interface Alert {
  event: DomainEvent;
  trip: SavedTrip;
  closure: ClosureRecord;
  sentence: string;
}

async function inApp({ event, trip, closure, sentence }: Alert): Promise<void> {
  const content: NotificationContent = {
    title: sentence,
    ...(closure.reason ? { body: closure.reason } : {}),
    redirectTo: tripDirectionsPath(trip.tripId),
    resourceId: closure.id,
    icon: 'route',
  };
  // An event of its own per trip: the notification's id derives from it, so a person with two
  // trips blocked by one closure reads both, and a replay writes neither again.
  await deliver({ ...event, id: `${event.id}.trip.${trip.tripId}` }, [{ uid: trip.uid, content }]);
}

async function push({ event, trip, closure, sentence }: Alert): Promise<void> {
  const vapid = await vapidConfig();
  if (!vapid) return;
  await onceFor(event.id, trip.uid, `trip-${trip.tripId}#push`, async () => {
    const r = await sendWebPush([trip.uid], { title: sentence, body: closure.reason, url: tripDirectionsPath(trip.tripId), tag: `${event.id}.${trip.tripId}` }, vapid);
    // Devices unread: the claim goes back (onceFor) and the retry pushes.
    if (r.unreached.length > 0) throw new Error(`push for trip ${trip.tripId}: devices could not be read`);
    return r;
  });
}

async function mail({ event, trip, closure, sentence }: Alert): Promise<boolean> {
  if (trip.email !== 'immediate') return false;
  const to = (await alertAddresses([trip.uid])).get(trip.uid);
  if (!to) return false;
  const links = await alertLinks(trip.uid, { kind: 'trip', id: trip.tripId });
  const rendered = tripAlertMail(sentence, closure, { trip: `${site()}${tripDirectionsPath(trip.tripId)}`, closure: closureLink(closure.id), ...links });
  return onceFor(event.id, trip.uid, `trip-${trip.tripId}#email`, () => sendAlertMail(to, rendered, links.unsubscribe));
}

/** Texts as the closure alerts send them: a council with an active subscription, within its monthly cap. */
async function text({ event, trip, closure, sentence }: Alert): Promise<boolean> {
  if (!trip.sms) return false;
  const lga = await getLga(closure.lgaCode);
  if (!lga || lga.customerStatus !== 'active') return false;
  const to = (await alertMobiles([trip.uid])).get(trip.uid);
  if (!to) return false;
  const channel = `trip-${trip.tripId}#sms`;
  if (!(await claimAlert(event.id, trip.uid, channel))) return false;
  if (!(await takeSmsSpend(closure.lgaCode, monthOf(event.occurredAt), smsPriceCents(), (await smsCapOf(closure.lgaCode)) ?? 0))) {
    await releaseAlert(event.id, trip.uid, channel);
    return false;
  }
  try {
    await sendSms(to, tripAlertSms(sentence, `${site()}${tripDirectionsPath(trip.tripId)}`, toGsm7));
  } catch (error) {
    await releaseAlert(event.id, trip.uid, channel);
    throw error;
  }
  return true;
}

export async function savedTripAlertsFor(event: DomainEvent): Promise<SavedTripAlertResult> {
  const result = { routed: 0, alerted: 0 };
  if (!isClosureEvent(event.type)) return result;
  const { closureId } = event.detail as { closureId?: string };
  if (!closureId) return result;
  const closure = await getClosure(closureId);
  if (!closure || closure.regions.length === 0) return result;
  // Housekeeping's archive step is not news to anyone.
  if (event.type === 'closure.changed' && closure.view === 'ARCHIVED') return result;
  const trips = await tripsInCells(closureCells(closure));
  if (trips.length === 0) return result;
  await roadGraphReady();
  const now = Math.floor(Date.now() / 1000);
  const engine = getRoadEngine();
  const rules = unsealedRules(now);
  const context = { engine, source: sharedClosureSource(tableClosureSource(now)), now, unsealedFor: (mass: number) => new TripUnsealed(engine, rules, mass) };
  await withConcurrency(trips, TRIPS_IN_FLIGHT, async (trip) => {
    result.routed++;
    let effect: TripEffect | undefined;
    try {
      effect = await tripEffectOf(context, trip, closure, event.type);
    } catch (error) {
      // A trip the engine can no longer route (the graph changed under it) is skipped, not retried forever.
      logger.warn('saved trip not routed', { tripId: trip.tripId, error: (error as Error).message });
      return;
    }
    if (!effect) return;
    // The way around is the route the trip takes now: the next change near it must find the trip.
    if (effect.kind !== 'freed') await addTripCells(trip.uid, trip.tripId, routeCells(effect.route.geometry.coordinates as Position[]));
    const alert = { event, trip, closure, sentence: tripAlertText(trip.name, effect, closure, event.type) };
    await inApp(alert);
    await Promise.all([push(alert), mail(alert), text(alert)]);
    result.alerted++;
  });
  logger.info('saved trip alerts', { eventId: event.id, type: event.type, candidates: trips.length, ...result });
  return result;
}

export const handler = async (event: SNSEvent): Promise<SavedTripAlertResult> => {
  const total = { routed: 0, alerted: 0 };
  for (const record of event.Records ?? []) {
    const r = await savedTripAlertsFor(JSON.parse(record.Sns.Message) as DomainEvent);
    total.routed += r.routed;
    total.alerted += r.alerted;
  }
  return total;
};
