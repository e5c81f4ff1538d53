// Closures as the GraphQL contract shapes them (DESIGN §6): type as {value, text}, geometry as
// AWSJSON, the view as an enum, media with presigned URLs only when the query asks for media.
import type { AppSyncResolverEvent } from 'aws-lambda';
import { effectiveView } from '../../core/closure-views';
import { closureTypeOf, type ClosureRecord } from '../../core/closures/types';
import type { StoredActivity } from '../../adapters/closures';
import { getMediaItems, presentMedia, type PresentedMedia } from '../../adapters/media';

export function presentClosure(c: ClosureRecord, now: number, media: PresentedMedia[] = []) {
  const view = effectiveView(c, now);
  return {
    id: c.id,
    lgaCode: c.lgaCode,
    active: c.active,
    condition: c.condition,
    type: closureTypeOf(c.type),
    reason: c.reason ?? null,
    detour: c.detour ?? null,
    position: c.position,
    geohash: c.geohash,
    nearestLocation: c.nearestLocation ?? null,
    formattedAddress: c.formattedAddress ?? null,
    // AWSJSON leaves as a JSON string, which AppSync and the local runtime both pass through.
    regions: c.regions.map((r) => ({ id: r.id, geometry: JSON.stringify(r.geometry), createdAt: r.createdAt, updatedAt: r.updatedAt })),
    scheduledFor: c.scheduledFor ?? null,
    estimatedReopening: c.estimatedReopening ?? null,
    openedAt: c.openedAt ?? null,
    archivedAt: c.archivedAt ?? null,
    deletedAt: c.deletedAt ?? null,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    subscriberCount: c.subscriberCount,
    view,
    scheduled: view === 'SCHEDULED',
    clusterId: c.clusterId ?? null,
    mediaIds: c.media,
    media,
    version: c.version,
  };
}

/** Whether the query selected `media` anywhere (presigning URLs costs a little per item). */
export function wantsMedia(event: AppSyncResolverEvent<Record<string, unknown>>): boolean {
  return (event.info.selectionSetList ?? []).some((path) => path.split('/').includes('media'));
}

export async function presentClosures(closures: ClosureRecord[], now: number, withMedia: boolean) {
  if (!withMedia) return closures.map((c) => presentClosure(c, now));
  const items = await getMediaItems([...new Set(closures.flatMap((c) => c.media))]);
  const presented = new Map(await Promise.all(items.map(async (m) => [m.id, await presentMedia(m)] as const)));
  return closures.map((c) =>
    presentClosure(
      c,
      now,
      c.media.map((id) => presented.get(id)).filter((m): m is PresentedMedia => Boolean(m)),
    ),
  );
}

export function presentActivity(a: StoredActivity) {
  return {
    id: `${a.timestamp}#${a.n}`,
    timestamp: a.timestamp,
    action: a.action,
    user: { uid: a.user?.uid ?? 'unknown', email: a.user?.email ?? null, displayName: a.user?.displayName ?? null },
    payload: a.payload === undefined ? null : JSON.stringify(a.payload),
  };
}
