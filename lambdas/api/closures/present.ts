// Closures as the GraphQL contract shapes them (docs/api.md): type as {value, text}, geometry as
// AWSJSON, the view as an enum, media with presigned URLs only when the query asks for media.
import type { AppSyncResolverEvent } from 'aws-lambda';
import { effectiveView } from '../../core/closure-views';
import { publicClosureFields } from '../../core/closures/public-fields';
import type { ClosureRecord } from '../../core/closures/types';
import type { StoredActivity } from '../../adapters/closures/store';
import { getMediaItems, presentMedia, type PresentedMedia } from '../../adapters/media/store';

/** The API's closure: the public fields plus the staff-only ones and, when asked for, media. */
export function presentClosure(c: ClosureRecord, now: number, media: PresentedMedia[] = []) {
  const view = effectiveView(c, now);
  return {
    ...publicClosureFields(c, now),
    geohash: c.geohash,
    nearestLocation: c.nearestLocation ?? null,
    // AWSJSON leaves as a JSON string, which AppSync and the local runtime both pass through.
    regions: c.regions.map((r) => ({
      id: r.id,
      geometry: JSON.stringify(r.geometry),
      drawnByHand: r.drawnByHand ?? false,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    })),
    subscriberCount: c.subscriberCount,
    view,
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
