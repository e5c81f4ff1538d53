// Per-user notification settings applied to a list of would-be recipients (defaults are on). A
// recipient whose subscription carries their opt-outs is decided from those, with no read; only
// the others (subscriptions written before they carried opt-outs, reporters) have their profile read.
import { storedNotificationSettings } from '../adapters/notifications/settings';
import { FANOUT_CONCURRENCY, withConcurrency } from '../adapters/notifications/store';
import { optOutsOfStored, wantsWith } from '../core/notifications/opt-outs';
import { chunk, type Channel, type NotificationCategory, type Recipient } from '../core/notifications/rules';

/** One BatchGet reads the settings of this many users. */
export const SETTINGS_PER_READ = 100;

/** A delivery whose category must be checked against its user's profile: its subscription carried no opt-outs. */
export const needsSettingsRead = (r: { category?: NotificationCategory; optOuts?: readonly string[] }): boolean => Boolean(r.category && !r.optOuts);

/**
 * Keeps the items whose user wants their category on this channel; an item without a category
 * (its plan checked it already) is kept. Items carrying opt-outs are decided from them; the
 * settings of the rest (at most SETTINGS_PER_READ users) are read in one BatchGet.
 */
export async function withSettingsAllowed<T extends { uid: string; category?: NotificationCategory; optOuts?: readonly string[] }>(
  group: readonly T[],
  channel: Channel,
): Promise<T[]> {
  const unread = [...new Set(group.filter(needsSettingsRead).map((r) => r.uid))];
  const stored = unread.length > 0 ? await storedNotificationSettings(unread) : new Map<string, unknown>();
  return group.filter((r) => !r.category || wantsWith(r.optOuts ?? optOutsOfStored(stored.get(r.uid)), r.category, channel));
}

/** Drops recipients who turned that kind of notification off on this channel; keeps order. */
export async function allowedRecipients<T extends Recipient>(recipients: readonly T[], channel: Channel): Promise<T[]> {
  const groups = await withConcurrency(chunk(recipients, SETTINGS_PER_READ), FANOUT_CONCURRENCY, (group) => withSettingsAllowed(group, channel));
  return groups.flat();
}
