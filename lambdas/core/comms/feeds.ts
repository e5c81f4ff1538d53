// The open feeds (docs/feeds.md): GeoJSON of active closures, a WZDx 4.2 WorkZoneFeed and the
// Waze partner closures feed (CIFS XML), built from closure records through one mapping to the
// feeds' terms (feeds/terms.ts). Pure: the consumer reads the closures and writes the files
// (lambdas/adapters/comms/feeds.ts).
import { effectiveView } from '../closure-views';
import type { ClosureRecord } from '../closures/types';
import { wazeFeed } from './feeds/cifs';
import type { FeedContext } from './feeds/context';
import { closuresGeoJson } from './feeds/geojson';
import { wzdxFeed } from './feeds/wzdx';

export type { FeedContext } from './feeds/context';
export { closuresGeoJson } from './feeds/geojson';
export { wzdxFeed } from './feeds/wzdx';
export { wazeFeed, xmlEscape } from './feeds/cifs';
export { cifsIncidentId, wzdxRoadEventId } from './feeds/ids';

/**
 * The closures the feeds carry: those in force now (a scheduled one once its start has passed),
 * newest change first. Scheduled, reopened, archived and deleted closures are not in them.
 */
export const closuresInFeeds = (closures: ClosureRecord[], now: number) =>
  closures.filter((c) => effectiveView(c, now) === 'ACTIVE').sort((a, b) => b.updatedAt - a.updatedAt);

/** The three files of a scope, as the feeds bucket stores them (keys are the public paths). */
export function feedFiles(closures: ClosureRecord[], ctx: FeedContext): Array<{ key: string; body: string; contentType: string }> {
  const prefix = `feeds/${ctx.scope}`;
  return [
    { key: `${prefix}/closures.geojson`, body: JSON.stringify(closuresGeoJson(closures, ctx)), contentType: 'application/geo+json' },
    { key: `${prefix}/wzdx.json`, body: JSON.stringify(wzdxFeed(closures, ctx)), contentType: 'application/json' },
    { key: `${prefix}/waze.xml`, body: wazeFeed(closures, ctx), contentType: 'application/xml' },
  ];
}
