import { describe, expect, it } from 'vitest';
import { closureNotification } from '../../../lambdas/core/notifications/messages';
import { notificationId, recipientsOf, settingsOf, timestampOfId, wants } from '../../../lambdas/core/notifications/rules';

describe('notification rules', () => {
  it('gives each user one entry, closure subscription first, never the actor', () => {
    const subscribers = (...uids: string[]) => uids.map((uid) => ({ uid }));
    const recipients = recipientsOf(subscribers('a', 'b', 'a'), subscribers('b', 'c', 'actor', 'c'), 'actor');
    expect(recipients).toEqual([
      { uid: 'a', category: 'closureUpdates' },
      { uid: 'b', category: 'closureUpdates' },
      { uid: 'c', category: 'lgaUpdates' },
    ]);
  });

  it('derives the same id for the same event and user, and a different one otherwise', () => {
    const id = notificationId('event-1', 'user-1', 1_763_700_000);
    expect(notificationId('event-1', 'user-1', 1_763_700_000)).toBe(id);
    expect(notificationId('event-1', 'user-2', 1_763_700_000)).not.toBe(id);
    expect(notificationId('event-2', 'user-1', 1_763_700_000)).not.toBe(id);
    expect(timestampOfId(id)).toBe(1_763_700_000);
    expect(timestampOfId('not-an-id')).toBeUndefined();
  });

  it('defaults every switch on and keeps what the user turned off', () => {
    expect(wants(settingsOf(undefined), 'lgaUpdates', 'inApp')).toBe(true);
    const settings = settingsOf({ lgaUpdates: { inApp: false }, closureUpdates: 'junk' });
    expect(wants(settings, 'lgaUpdates', 'inApp')).toBe(false);
    expect(wants(settings, 'lgaUpdates', 'push')).toBe(true);
    expect(wants(settings, 'closureUpdates', 'inApp')).toBe(true);
  });

  it('links closure notifications to the map and names the LGA', () => {
    const n = closureNotification('closure.created', { id: 'c 1', type: 'flood', reason: 'Water', formattedAddress: 'Newell Hwy', lgaName: 'Forbes' });
    expect(n).toMatchObject({ title: 'New closure in Forbes: Flooding', body: 'Newell Hwy — Water', redirectTo: '/map?closure=c%201', resourceId: 'c 1' });
    expect(closureNotification('closure.deleted', { id: 'x', type: 'crash' }).redirectTo).toBe('/map');
  });
});
