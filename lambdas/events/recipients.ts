// Per-user notification settings applied to a list of would-be recipients (defaults are on).
import { db } from '../adapters/db/db';
import { FANOUT_CONCURRENCY, withConcurrency } from '../adapters/notifications';
import { chunk, settingsOf, wants, type Channel, type Recipient } from '../core/notifications/rules';

/** Drops recipients who turned that kind of notification off on this channel; keeps order. */
export async function allowedRecipients<T extends Recipient>(recipients: readonly T[], channel: Channel): Promise<T[]> {
  const groups = await withConcurrency(chunk(recipients, 100), FANOUT_CONCURRENCY, async (group) => {
    const uids = [...new Set(group.map((r) => r.uid))];
    const { data } = await db()
      .entities.user.get(uids.map((uid) => ({ uid })))
      .go({ attributes: ['uid', 'notificationSettings'] });
    const settings = new Map(data.filter(Boolean).map((u) => [u!.uid, u!.notificationSettings]));
    return group.filter((r) => wants(settingsOf(settings.get(r.uid)), r.category, channel));
  });
  return groups.flat();
}
