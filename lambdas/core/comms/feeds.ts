// The open feeds (docs/api.md#open-feeds-and-map-files): GeoJSON of active closures, a WZDx 4.2
// WorkZoneFeed and the Waze partner closures feed (CIFS XML), built from closure records. Pure: the
// consumer reads the closures and writes the files (lambdas/adapters/comms/feeds.ts).
import { closureScheduleFields, closureSummaryFields } from '../closures/public-fields';
import { closureTypeOf, type ClosureRecord } from '../closures/types';
import { roadAndLocality } from './tasks';

export interface FeedContext {
  /** An LGA code or "all". */
  scope: string;
  /** Council name for the publisher fields ("Forbes Shire Council"), or the platform's name. */
  publisher: string;
  siteUrl: string;
  now: number;
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** CIFS asks for an explicit offset: 2026-11-25T03:00:00+00:00. */
const cifsTime = (seconds: number) => iso(seconds).replace(/Z$/, '+00:00');

/** When a closure started affecting traffic: its scheduled start, else when it was created. */
export const startOf = (c: ClosureRecord) => c.scheduledFor ?? c.createdAt;
/** Feeds that need an end time get the estimated reopening, else a rolling day ahead (marked unverified). */
const endOf = (c: ClosureRecord, now: number) => c.estimatedReopening ?? now + 86_400;

const closureLink = (siteUrl: string, id: string) => `${siteUrl.replace(/\/$/, '')}/map?closure=${encodeURIComponent(id)}`;

/**
 * RFC 7946 FeatureCollection, one Feature per closure: the regions as a MultiLineString and
 * every field the public map's list and detail panel show, so the map could load an LGA from it.
 */
export function closuresGeoJson(closures: ClosureRecord[], ctx: FeedContext) {
  return {
    type: 'FeatureCollection' as const,
    features: closures.map((c) => {
      const { road, locality } = roadAndLocality(c);
      return {
        type: 'Feature' as const,
        id: c.id,
        geometry: { type: 'MultiLineString' as const, coordinates: c.regions.map((r) => r.geometry.coordinates) },
        properties: {
          ...closureSummaryFields(c),
          nearestLocation: c.nearestLocation ?? null,
          road,
          locality,
          regionIds: c.regions.map((r) => r.id),
          ...closureScheduleFields(c),
          createdAt: c.createdAt,
          updatedAt: c.updatedAt,
          subscriberCount: c.subscriberCount,
          mediaIds: c.media,
          url: closureLink(ctx.siteUrl, c.id),
        },
      };
    }),
    generated: iso(ctx.now),
  };
}

/** Free-text description for feeds without a detour field of their own: the reason, then the detour. */
export function closureDescription(c: Pick<ClosureRecord, 'reason' | 'detour'>): string {
  return [c.reason?.trim(), c.detour?.trim() ? `Detour: ${c.detour.trim()}` : ''].filter(Boolean).join(' ');
}

export const WZDX_DATA_SOURCE_ID = 'road-closures-app';

/** WZDx 4.2 WorkZoneFeed: one work-zone road event per closure region. */
export function wzdxFeed(closures: ClosureRecord[], ctx: FeedContext) {
  const features = closures.flatMap((c) => {
    const { road } = roadAndLocality(c);
    const type = closureTypeOf(c.type);
    return c.regions
      .filter((r) => r.geometry.coordinates.length >= 2)
      .map((r) => ({
        id: `${c.id}-${r.id}`,
        type: 'Feature' as const,
        properties: {
          core_details: {
            event_type: 'work-zone' as const,
            data_source_id: WZDX_DATA_SOURCE_ID,
            road_names: road ? [road] : ['Unnamed road'],
            direction: 'undefined' as const,
            name: `${type.text}: ${c.formattedAddress ?? road ?? 'road closure'}`,
            ...(closureDescription(c) ? { description: closureDescription(c) } : {}),
            creation_date: iso(c.createdAt),
            update_date: iso(c.updatedAt),
          },
          start_date: iso(startOf(c)),
          end_date: iso(endOf(c, ctx.now)),
          is_start_date_verified: true,
          is_end_date_verified: c.estimatedReopening !== undefined,
          is_start_position_verified: false,
          is_end_position_verified: false,
          location_method: 'other' as const,
          vehicle_impact: c.condition === 'closed' ? ('all-lanes-closed' as const) : ('some-lanes-closed' as const),
          ...(c.type === 'roadworks' ? { work_zone_type: 'static' as const } : {}),
        },
        geometry: { type: 'LineString' as const, coordinates: r.geometry.coordinates },
      }));
  });
  return {
    feed_info: {
      publisher: ctx.publisher,
      version: '4.2',
      update_date: iso(ctx.now),
      update_frequency: 60,
      license: 'https://creativecommons.org/publicdomain/zero/1.0/' as const,
      data_sources: [{ data_source_id: WZDX_DATA_SOURCE_ID, organization_name: ctx.publisher, update_date: iso(ctx.now) }],
    },
    type: 'FeatureCollection' as const,
    features,
  };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]);

const WAZE_SUBTYPES: Record<string, string> = {
  roadworks: 'ROAD_CLOSED_CONSTRUCTION',
  event: 'ROAD_CLOSED_EVENT',
};

/**
 * Waze partner closures feed (CIFS XML): closed roads only, one incident per region with a
 * stable id ({closureId}-{regionId}), a "lat lng lat lng" polyline of at least two points, both
 * directions, ISO 8601 times with an offset.
 */
export function wazeFeed(closures: ClosureRecord[], ctx: FeedContext): string {
  const incidents = closures
    .filter((c) => c.condition === 'closed')
    .flatMap((c) => {
      const { road } = roadAndLocality(c);
      const type = closureTypeOf(c.type);
      return c.regions
        .filter((r) => r.geometry.coordinates.length >= 2)
        .map((r) => {
          const polyline = r.geometry.coordinates.map(([lng, lat]) => `${lat.toFixed(6)} ${lng.toFixed(6)}`).join(' ');
          const description = [type.text, closureDescription(c)].filter(Boolean).join(': ');
          return [
            `  <incident id="${xmlEscape(`${c.id}-${r.id}`)}">`,
            `    <creationtime>${cifsTime(c.createdAt)}</creationtime>`,
            `    <updatetime>${cifsTime(c.updatedAt)}</updatetime>`,
            `    <type>ROAD_CLOSED</type>`,
            `    <subtype>${WAZE_SUBTYPES[c.type] ?? 'ROAD_CLOSED_HAZARD'}</subtype>`,
            `    <description>${xmlEscape(description)}</description>`,
            `    <location>`,
            `      <street>${xmlEscape(road ?? 'Unnamed road')}</street>`,
            `      <polyline>${polyline}</polyline>`,
            `      <direction>BOTH_DIRECTIONS</direction>`,
            `    </location>`,
            `    <starttime>${cifsTime(startOf(c))}</starttime>`,
            ...(c.estimatedReopening ? [`    <endtime>${cifsTime(c.estimatedReopening)}</endtime>`] : []),
            `  </incident>`,
          ].join('\n');
        });
    });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<incidents>', ...incidents, '</incidents>', ''].join('\n');
}

/** The three files of a scope, as the feeds bucket stores them (keys are the public paths). */
export function feedFiles(closures: ClosureRecord[], ctx: FeedContext): Array<{ key: string; body: string; contentType: string }> {
  const prefix = `feeds/${ctx.scope}`;
  return [
    { key: `${prefix}/closures.geojson`, body: JSON.stringify(closuresGeoJson(closures, ctx)), contentType: 'application/geo+json' },
    { key: `${prefix}/wzdx.json`, body: JSON.stringify(wzdxFeed(closures, ctx)), contentType: 'application/json' },
    { key: `${prefix}/waze.xml`, body: wazeFeed(closures, ctx), contentType: 'application/xml' },
  ];
}
