// The alert channels each subscription carries (email off, immediate or daily, and the digest
// hour): set by the person, read by the alert consumer straight from the subscribers index.
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { notFound } from '../../core/errors';
import { channelsOf, type SubscriptionChannels, type SubscriptionTarget } from '../../core/alerts/channels';
import type { UnsubscribeTarget } from '../../core/alerts/unsubscribe-token';
import { db } from '../db/db';
import { queryPages } from '../db/geo-cells';
import { setWatchZoneChannels, watchZonesOf } from './watch-zones';
import { listSavedTrips, stopTripEmail } from './saved-trips';

export interface ChannelSubscriber extends SubscriptionChannels {
  uid: string;
}

const NOT_SUBSCRIBED = 'You do not follow this. Subscribe first, then choose how to hear about it.';

/** Sets the channels of one of the person's subscriptions; refused when they do not follow it. */
export async function setSubscriptionChannels(
  uid: string,
  target: SubscriptionTarget,
  channels: Omit<SubscriptionChannels, 'sms'> & { sms?: boolean; inApp?: boolean; push?: boolean },
): Promise<void> {
  // Texts left as they are when the change does not name them (an email choice alone).
  const set = { email: channels.email, digestHour: channels.digestHour, ...(channels.sms === undefined ? {} : { sms: channels.sms }) };
  // A watch zone carries its channels itself (lambdas/adapters/alerts/watch-zones.ts).
  if (target.kind === 'zone') return setWatchZoneChannels(uid, target.id, { ...set, inApp: channels.inApp, push: channels.push });
  try {
    if (target.kind === 'closure') {
      await db().entities.closureSubscription.patch({ uid, closureId: target.id }).set(set).go();
    } else {
      await db().entities.lgaSubscription.patch({ uid, lgaCode: target.id }).set(set).go();
    }
  } catch (error) {
    if (/conditional/i.test(String((error as Error).message))) throw notFound(NOT_SUBSCRIBED);
    throw error;
  }
}

/** Email off for one subscription, or all of them (the unsubscribe link); one already gone is fine. */
export async function stopEmailFor(uid: string, target: UnsubscribeTarget): Promise<void> {
  if (target.kind === 'trip') return stopTripEmail(uid, target.id);
  if (target.kind === 'all') {
    const { closures, lgas } = await channelsOfUser(uid);
    const on = [
      ...[...closures].filter(([, c]) => c.email !== 'off').map(([id]) => ({ kind: 'closure' as const, id })),
      ...[...lgas].filter(([, c]) => c.email !== 'off').map(([id]) => ({ kind: 'lga' as const, id })),
      ...(await watchZonesOf(uid)).filter((z) => z.channels.email !== 'off').map((z) => ({ kind: 'zone' as const, id: z.zoneId })),
      ...(await listSavedTrips(uid)).filter((t) => t.email !== 'off').map((t) => ({ kind: 'trip' as const, id: t.tripId })),
    ];
    for (const one of on) await stopEmailFor(uid, one);
    return;
  }
  try {
    if (target.kind === 'zone') return await setWatchZoneChannels(uid, target.id, { email: 'off' });
    const current = await channelsOfUser(uid);
    const stored = (target.kind === 'closure' ? current.closures : current.lgas).get(target.id);
    await setSubscriptionChannels(uid, target, { email: 'off', digestHour: stored?.digestHour ?? 0 });
  } catch (error) {
    if ((error as { errorType?: string }).errorType !== 'NotFound') throw error;
  }
}

export interface ChannelsOfUser {
  closures: Map<string, SubscriptionChannels>;
  lgas: Map<string, SubscriptionChannels>;
}

export async function channelsOfUser(uid: string): Promise<ChannelsOfUser> {
  const [closures, lgas] = await Promise.all([
    db().entities.closureSubscription.query.byUser({ uid }).go({ pages: 'all', attributes: ['closureId', 'email', 'digestHour', 'sms'] }),
    db().entities.lgaSubscription.query.byUser({ uid }).go({ pages: 'all', attributes: ['lgaCode', 'email', 'digestHour', 'sms'] }),
  ]);
  return {
    closures: new Map(closures.data.map((s) => [s.closureId, channelsOf(s)])),
    lgas: new Map(lgas.data.map((s) => [s.lgaCode, channelsOf(s)])),
  };
}

/** Subscribers with email on, from the subscribers index (every page, raw reads as the fan-out does). */
async function emailSubscribersOf(params: object): Promise<ChannelSubscriber[]> {
  const { items } = await queryPages({
    ...(params as QueryCommandInput),
    FilterExpression: '#email IN (:immediate, :daily)',
    ExpressionAttributeNames: { ...(params as QueryCommandInput).ExpressionAttributeNames, '#email': 'email' },
    ExpressionAttributeValues: { ...(params as QueryCommandInput).ExpressionAttributeValues, ':immediate': 'immediate', ':daily': 'daily' },
  });
  return items.map((item) => ({ uid: item.uid as string, ...channelsOf(item) }));
}

export function closureEmailSubscribers(closureId: string): Promise<ChannelSubscriber[]> {
  return emailSubscribersOf(db().entities.closureSubscription.query.subscribers({ closureId }).params({ attributes: ['uid', 'email', 'digestHour'] }));
}

export function lgaEmailSubscribers(lgaCode: string): Promise<ChannelSubscriber[]> {
  return emailSubscribersOf(db().entities.lgaSubscription.query.subscribers({ lgaCode }).params({ attributes: ['uid', 'email', 'digestHour'] }));
}

/** Subscribers with texts on. */
async function smsSubscribersOf(params: object): Promise<ChannelSubscriber[]> {
  const { items } = await queryPages({
    ...(params as QueryCommandInput),
    FilterExpression: '#sms = :on',
    ExpressionAttributeNames: { ...(params as QueryCommandInput).ExpressionAttributeNames, '#sms': 'sms' },
    ExpressionAttributeValues: { ...(params as QueryCommandInput).ExpressionAttributeValues, ':on': true },
  });
  return items.map((item) => ({ uid: item.uid as string, ...channelsOf(item) }));
}

export function closureSmsSubscribers(closureId: string): Promise<ChannelSubscriber[]> {
  return smsSubscribersOf(db().entities.closureSubscription.query.subscribers({ closureId }).params({ attributes: ['uid', 'email', 'digestHour', 'sms'] }));
}

export function lgaSmsSubscribers(lgaCode: string): Promise<ChannelSubscriber[]> {
  return smsSubscribersOf(db().entities.lgaSubscription.query.subscribers({ lgaCode }).params({ attributes: ['uid', 'email', 'digestHour', 'sms'] }));
}
