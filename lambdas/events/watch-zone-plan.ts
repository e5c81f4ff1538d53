// Who watches the area a closure lies in (docs/alerts.md#watch-zones): the zones stored under the
// cells near the closure, matched exactly against its roads (lambdas/core/alerts/watch-zones.ts),
// one entry per person with the channels of their matching zones together; and, when a change
// moved the closure's roads, the people whose areas it lay in before and lies in no longer (told
// once that it moved out). Read by each alert consumer (in-app, push, email, texts) beside the
// closure's and the council's subscribers.
import type { DomainEvent } from '../adapters/platform/events';
import { watchZonesNear, type WatchZone } from '../adapters/alerts/watch-zones';
import type { ZoneChannels } from '../core/alerts/channels';
import { linesMovedFrom, WatchZoneIndex } from '../core/alerts/watch-zones';
import { bboxOf } from '../core/closures/geometry';
import type { ClosureRecord, LineStringGeometry } from '../core/closures/types';

export interface ZoneWatcher {
  uid: string;
  /** The first of their zones the closure is in: its name is in the alert, its unsubscribe link stops its mail. */
  zoneId: string;
  zoneName: string;
  /** Every matching zone's channels together: a channel on in any of them is on. */
  channels: ZoneChannels;
  /** The change moved the closure out of this person's areas: they hear that once, and no more. */
  movedOut?: true;
}

const EMAIL_RANK = { off: 0, daily: 1, immediate: 2 } as const;

function together(a: ZoneChannels, b: ZoneChannels): ZoneChannels {
  const email = EMAIL_RANK[b.email] > EMAIL_RANK[a.email] ? b : a;
  return { inApp: a.inApp || b.inApp, push: a.push || b.push, sms: a.sms || b.sms, email: email.email, digestHour: email.digestHour };
}

/** Every stored zone any of the lines lies in or crosses. */
async function zonesMeeting(lines: readonly LineStringGeometry[]): Promise<WatchZone[]> {
  if (lines.length === 0) return [];
  const zones = await watchZonesNear(bboxOf(lines));
  if (zones.length === 0) return [];
  return new WatchZoneIndex(zones.map((zone: WatchZone) => ({ key: `${zone.uid}#${zone.zoneId}`, shape: zone.shape, zone }))).match(lines).map(({ zone }) => zone);
}

/** One watcher per person (the actor aside), their first zone named, every zone's channels together. */
function watchersOf(zones: readonly WatchZone[], actor?: string): ZoneWatcher[] {
  const byUid = new Map<string, ZoneWatcher>();
  for (const zone of [...zones].sort((a, b) => a.createdAt - b.createdAt)) {
    if (zone.uid === actor) continue;
    const seen = byUid.get(zone.uid);
    if (seen) seen.channels = together(seen.channels, zone.channels);
    else byUid.set(zone.uid, { uid: zone.uid, zoneId: zone.zoneId, zoneName: zone.name, channels: zone.channels });
  }
  return [...byUid.values()];
}

/**
 * The people (the actor aside) with a zone the closure's roads lie in or cross; then, for an
 * event whose change moved those roads, the people with a zone the old roads met and none the
 * new ones do, marked `movedOut`. A closure that was never in someone's area tells them nothing.
 */
export async function zoneWatchersOf(closure: Pick<ClosureRecord, 'regions'>, event: Pick<DomainEvent, 'actor' | 'detail'>): Promise<ZoneWatcher[]> {
  const lines = (closure.regions ?? []).map((r) => r.geometry).filter((g) => g?.coordinates?.length);
  const before = linesMovedFrom(event.detail);
  const [now, then] = await Promise.all([zonesMeeting(lines), zonesMeeting(before)]);
  const watchers = watchersOf(now, event.actor);
  if (then.length === 0) return watchers;
  const still = new Set(watchers.map((w) => w.uid));
  const left = watchersOf(then, event.actor)
    .filter((w) => !still.has(w.uid))
    .map((w): ZoneWatcher => ({ ...w, movedOut: true }));
  return [...watchers, ...left];
}
