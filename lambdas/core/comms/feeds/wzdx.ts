// The WZDx 4.2 WorkZoneFeed: the roadworks among the active closures, as work-zone road events,
// one per closure region and direction of travel (as the WZDx examples model a two-way work
// zone), each LineString ordered in its direction of travel with direction "undefined" (NSW
// roads have no signed direction, and WZDx then reads the geometry's order as the direction).
import { closureTypeOf, type ClosureRecord } from '../../closures/types';
import { wzdxDataSourceId, wzdxRoadEventId } from './ids';
import {
  UNKNOWN_END_HORIZON,
  closureDescription,
  expectedReopening,
  isStartConfirmed,
  publicRoadName,
  publishableRegions,
  startOf,
  travelsOf,
  vehicleImpactOf,
  wzdxEventTypeOf,
} from './terms';
import { iso, type FeedContext } from './context';

function roadEventsOf(c: ClosureRecord, ctx: FeedContext, dataSourceId: string) {
  const eventType = wzdxEventTypeOf(c);
  const road = publicRoadName(c);
  // WZDx requires a road name; a road with none cannot be described truthfully.
  if (!eventType || !road) return [];
  const reopening = expectedReopening(c, ctx.now);
  const start = startOf(c);
  const end = reopening ?? Math.max(ctx.now, start) + UNKNOWN_END_HORIZON;
  const description = [closureDescription(c), reopening === null ? 'Reopening time not known.' : ''].filter(Boolean).join(' ');
  const events = publishableRegions(c).flatMap((region) =>
    travelsOf(region).map(({ travel, coordinates }) => ({ id: wzdxRoadEventId(c.id, region.id, travel), coordinates })),
  );
  return events.map(({ id, coordinates }) => ({
    id,
    type: 'Feature' as const,
    properties: {
      core_details: {
        event_type: eventType,
        data_source_id: dataSourceId,
        road_names: [road],
        direction: 'undefined' as const,
        // The closure's other road events: the opposite direction and its other regions.
        related_road_events: events.filter((other) => other.id !== id).map((other) => ({ type: 'related-work-zone' as const, id: other.id })),
        name: `${closureTypeOf(c.type).text}: ${c.formattedAddress ?? road}`,
        ...(description ? { description } : {}),
        creation_date: iso(c.createdAt),
        update_date: iso(c.updatedAt),
      },
      start_date: iso(start),
      end_date: iso(end),
      is_start_date_verified: isStartConfirmed(c),
      // No event in the feed has ended: a reopened closure leaves the feed.
      is_end_date_verified: false,
      is_start_position_verified: false,
      is_end_position_verified: false,
      location_method: 'other' as const,
      vehicle_impact: vehicleImpactOf(c),
      work_zone_type: 'static' as const,
    },
    geometry: { type: 'LineString' as const, coordinates },
  }));
}

export function wzdxFeed(closures: ClosureRecord[], ctx: FeedContext) {
  const dataSourceId = wzdxDataSourceId(ctx.scope);
  return {
    feed_info: {
      publisher: ctx.publisher,
      version: '4.2',
      update_date: iso(ctx.now),
      update_frequency: 60,
      license: 'https://creativecommons.org/publicdomain/zero/1.0/' as const,
      data_sources: [{ data_source_id: dataSourceId, organization_name: ctx.publisher, update_date: iso(ctx.now) }],
    },
    type: 'FeatureCollection' as const,
    features: closures.flatMap((c) => roadEventsOf(c, ctx, dataSourceId)),
  };
}
