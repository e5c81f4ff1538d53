// Notification rules that need no I/O: limits, per-user settings, deterministic ids and who
// hears about an event (each user once, closure subscription before LGA subscription).
import { createHash } from 'node:crypto';

/** Spec §9. */
export const MAX_LGA_SUBSCRIPTIONS = 5;
export const MAX_LGA_SUBSCRIPTIONS_MESSAGE = `You can subscribe to at most ${MAX_LGA_SUBSCRIPTIONS} LGAs`;
/** Spec §9: default time-to-live of a notification (7 days). */
export const NOTIFICATION_TTL_SECONDS = 604_800;
export const NOTIFICATION_PAGE_LIMIT = 10;
export const notificationNotFound = (id: string) => `Notification with id '${id}' does not exist`;
export const GHOST_MESSAGE = "Can't subscribe to notifications for a ghost!!";

export const NOTIFICATION_CATEGORIES = ['closureUpdates', 'lgaUpdates', 'reportOutcomes'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
export type Channel = 'inApp' | 'push';
export type NotificationSettings = Record<NotificationCategory, Record<Channel, boolean>>;

/** Everything on unless the user turned it off; unknown or partial stored values fall back per switch. */
export function settingsOf(stored: unknown): NotificationSettings {
  const source = (stored && typeof stored === 'object' ? stored : {}) as Record<string, Record<string, unknown> | undefined>;
  const entry = (category: NotificationCategory) => ({
    inApp: source[category]?.inApp !== false,
    push: source[category]?.push !== false,
  });
  return { closureUpdates: entry('closureUpdates'), lgaUpdates: entry('lgaUpdates'), reportOutcomes: entry('reportOutcomes') };
}

export const wants = (settings: NotificationSettings, category: NotificationCategory, channel: Channel) => settings[category][channel];

/**
 * Same event and same user → same id, so a replayed event overwrites nothing and adds nothing.
 * The id starts with the timestamp because the item's sort key needs it (NOTE#{timestamp}#{id}):
 * markNotificationRead(id) then reads one item instead of searching the user's partition.
 */
export function notificationId(eventId: string, uid: string, timestamp: number): string {
  const digest = createHash('sha256').update(`${eventId}\u0000${uid}`).digest('hex').slice(0, 24);
  return `${timestamp}-${digest}`;
}

/** The timestamp an id carries, or undefined for an id this service never issued. */
export function timestampOfId(id: string): number | undefined {
  const match = /^(\d{9,11})-[0-9a-f]{24}$/.exec(id);
  return match ? Number(match[1]) : undefined;
}

/** A subscriber as the fan-out reads them: the opt-outs their subscription carries, if any. */
export interface Subscriber {
  uid: string;
  /** Absent on a subscription written before subscriptions carried them: read the profile. */
  optOuts?: string[];
}

export interface Recipient {
  uid: string;
  category: NotificationCategory;
  /** The user's opt-outs as their subscription carries them; absent: their profile decides. */
  optOuts?: string[];
}

/**
 * One entry per user: a closure subscriber hears as such even when also subscribed to the LGA
 * (their closure settings apply). The actor never hears about their own change.
 */
export function recipientsOf(closureSubscribers: readonly Subscriber[], lgaSubscribers: readonly Subscriber[], actor?: string): Recipient[] {
  const byUid = new Map<string, Recipient>();
  const add = ({ uid, optOuts }: Subscriber, category: NotificationCategory) => {
    if (!byUid.has(uid)) byUid.set(uid, optOuts ? { uid, category, optOuts } : { uid, category });
  };
  for (const subscriber of closureSubscribers) add(subscriber, 'closureUpdates');
  for (const subscriber of lgaSubscribers) add(subscriber, 'lgaUpdates');
  if (actor) byUid.delete(actor);
  return [...byUid.values()];
}

export const chunk = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};
