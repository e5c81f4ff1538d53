// The closures GeoJSON (RFC 7946): one Feature per active closure, its regions as a
// MultiLineString, every field the public map's list and detail panel show, and the feeds' terms
// a consumer acts on (the road's name, both directions closed).
import { closureScheduleFields, closureSummaryFields } from '../../closures/public-fields';
import type { ClosureRecord } from '../../closures/types';
import { roadAndLocality } from '../tasks';
import { publicRoadName } from './terms';
import { iso, type FeedContext } from './context';

const closureLink = (siteUrl: string, id: string) => `${siteUrl.replace(/\/$/, '')}/map?closure=${encodeURIComponent(id)}`;

export function closuresGeoJson(closures: ClosureRecord[], ctx: FeedContext) {
  return {
    type: 'FeatureCollection' as const,
    features: closures.map((c) => ({
      type: 'Feature' as const,
      id: c.id,
      geometry: { type: 'MultiLineString' as const, coordinates: c.regions.map((r) => r.geometry.coordinates) },
      properties: {
        ...closureSummaryFields(c),
        nearestLocation: c.nearestLocation ?? null,
        /** The road's name or route number; null when it has none (never a road class). */
        road: publicRoadName(c),
        locality: roadAndLocality(c).locality,
        /** A closure closes its regions to traffic both ways. */
        directions: 'both' as const,
        regionIds: c.regions.map((r) => r.id),
        ...closureScheduleFields(c),
        createdAt: c.createdAt,
        updatedAt: c.updatedAt,
        subscriberCount: c.subscriberCount,
        mediaIds: c.media,
        url: closureLink(ctx.siteUrl, c.id),
      },
    })),
    generated: iso(ctx.now),
  };
}
