// Who watches the area a closure lies in (docs/alerts.md#watch-zones): the zones stored under the
// cells near the closure, matched exactly against its roads (lambdas/core/alerts/watch-zones.ts),
// one entry per person with the channels of their matching zones together. Read by each alert
// consumer (in-app, push, email, texts) beside the closure's and the council's subscribers.
import { watchZonesNear, type WatchZone } from '../adapters/alerts/watch-zones';
import type { ZoneChannels } from '../core/alerts/channels';
import { WatchZoneIndex } from '../core/alerts/watch-zones';
import { bboxOf } from '../core/closures/geometry';
import type { ClosureRecord } from '../core/closures/types';

export interface ZoneWatcher {
  uid: string;
  /** The first of their zones the closure is in: its name is in the alert, its unsubscribe link stops its mail. */
  zoneId: string;
  zoneName: string;
  /** Every matching zone's channels together: a channel on in any of them is on. */
  channels: ZoneChannels;
}

const EMAIL_RANK = { off: 0, daily: 1, immediate: 2 } as const;

function together(a: ZoneChannels, b: ZoneChannels): ZoneChannels {
  const email = EMAIL_RANK[b.email] > EMAIL_RANK[a.email] ? b : a;
  return { inApp: a.inApp || b.inApp, push: a.push || b.push, sms: a.sms || b.sms, email: email.email, digestHour: email.digestHour };
}

/** The people (the actor aside) with a zone the closure's roads lie in or cross. */
export async function zoneWatchersOf(closure: Pick<ClosureRecord, 'regions'>, actor?: string): Promise<ZoneWatcher[]> {
  const lines = (closure.regions ?? []).map((r) => r.geometry).filter((g) => g?.coordinates?.length);
  if (lines.length === 0) return [];
  const zones = await watchZonesNear(bboxOf(lines));
  if (zones.length === 0) return [];
  const matched = new WatchZoneIndex(zones.map((zone: WatchZone) => ({ key: `${zone.uid}#${zone.zoneId}`, shape: zone.shape, zone }))).match(lines);
  const byUid = new Map<string, ZoneWatcher>();
  for (const { zone } of matched.sort((a, b) => a.zone.createdAt - b.zone.createdAt)) {
    if (zone.uid === actor) continue;
    const seen = byUid.get(zone.uid);
    if (seen) seen.channels = together(seen.channels, zone.channels);
    else byUid.set(zone.uid, { uid: zone.uid, zoneId: zone.zoneId, zoneName: zone.name, channels: zone.channels });
  }
  return [...byUid.values()];
}
