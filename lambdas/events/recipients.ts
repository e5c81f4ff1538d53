// Per-user notification settings applied to a list of would-be recipients (defaults are on).
import { storedNotificationSettings } from '../adapters/notification-settings';
import { FANOUT_CONCURRENCY, withConcurrency } from '../adapters/notifications';
import { chunk, settingsOf, wants, type Channel, type NotificationCategory, type Recipient } from '../core/notifications/rules';

/** One BatchGet reads the settings of this many users. */
export const SETTINGS_PER_READ = 100;

/**
 * Keeps the items whose user wants their category on this channel; an item without a category
 * (its plan checked it already) is kept. One BatchGet for at most SETTINGS_PER_READ users.
 */
export async function withSettingsAllowed<T extends { uid: string; category?: NotificationCategory }>(group: readonly T[], channel: Channel): Promise<T[]> {
  const uids = [...new Set(group.filter((r) => r.category).map((r) => r.uid))];
  if (uids.length === 0) return [...group];
  const settings = await storedNotificationSettings(uids);
  return group.filter((r) => !r.category || wants(settingsOf(settings.get(r.uid)), r.category, channel));
}

/** Drops recipients who turned that kind of notification off on this channel; keeps order. */
export async function allowedRecipients<T extends Recipient>(recipients: readonly T[], channel: Channel): Promise<T[]> {
  const groups = await withConcurrency(chunk(recipients, SETTINGS_PER_READ), FANOUT_CONCURRENCY, (group) => withSettingsAllowed(group, channel));
  return groups.flat();
}
