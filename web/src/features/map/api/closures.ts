import type * as GeoJSON from 'geojson';
import { gql } from '../../../lib/api';
import { keyedGql } from '../../../lib/keyed-write';
import type { Bbox, LngLat } from '../geo';
import { CLOSURE_FIELDS, type ClosureDetail, type MapClosure } from './closure-fields';
import { rememberClosures, replayClosuresInView, withOfflineFallback } from '../../offline/closure-snapshot';
import { offlineCopyOwner } from '../../offline/copy-owner';

export const closuresQueryKey = (bbox: Bbox, includeScheduled: boolean) => ['closures', 'bounds', bbox, includeScheduled] as const;
export const closureQueryKey = (id: string) => ['closures', 'detail', id] as const;

const IN_BOUNDS = /* GraphQL */ `
  query ClosuresInBounds($bounds: BoundsInput!, $includeScheduled: Boolean) {
    closuresInBounds(bounds: $bounds, includeScheduled: $includeScheduled) { ${CLOSURE_FIELDS} }
  }
`;

/** Closures in view; offline, the last closures this device loaded there (flood mode). */
export async function fetchClosuresInBounds(bbox: Bbox, includeScheduled: boolean): Promise<MapClosure[]> {
  const [west, south, east, north] = bbox;
  return withOfflineFallback(
    async () => (await gql<{ closuresInBounds: MapClosure[] }>(IN_BOUNDS, { bounds: { west, south, east, north }, includeScheduled })).closuresInBounds,
    rememberClosures,
    () => replayClosuresInView(bbox),
  );
}

const ONE = /* GraphQL */ `
  query Closure($id: ID!) {
    closure(id: $id) { ${CLOSURE_FIELDS} media { id url thumbnailUrl } }
  }
`;

export async function fetchClosure(id: string): Promise<ClosureDetail | null> {
  const reader = offlineCopyOwner();
  // The offline copies of opened closures load with the first opened closure, not the map.
  const copies = await import('../../offline/closure-copies');
  return withOfflineFallback(
    async () => (await gql<{ closure: ClosureDetail | null }>(ONE, { id })).closure,
    async (detail) => (detail ? copies.rememberClosureDetail(detail, reader) : undefined),
    () => copies.replayClosureDetail(id),
  );
}

const SNAP = /* GraphQL */ `
  query SnapToRoads($points: [CoordinateInput!]!) {
    snapToRoads(points: $points) { geometry distance }
  }
`;

export async function snapToRoads(points: LngLat[]): Promise<GeoJSON.LineString> {
  const data = await gql<{ snapToRoads: { geometry: string; distance: number } }>(SNAP, {
    points: points.map((p) => ({ lat: p.lat, lng: p.lng })),
  });
  const geometry = data.snapToRoads.geometry;
  return (typeof geometry === 'string' ? JSON.parse(geometry) : geometry) as GeoJSON.LineString;
}

export interface NewClosureInput {
  lgaCode: string;
  type: string;
  reason?: string;
  detour?: string;
  regions: Array<{ geometry: string }>;
  scheduledFor?: number;
  estimatedReopening?: number;
}

const CREATE = /* GraphQL */ `
  mutation CreateClosure($input: ClosureInput!, $idempotencyKey: String) {
    createClosure(input: $input, idempotencyKey: $idempotencyKey) { ${CLOSURE_FIELDS} }
  }
`;

export async function createClosure(input: NewClosureInput): Promise<MapClosure> {
  return (await keyedGql<{ createClosure: MapClosure }>(CREATE, { input })).createClosure;
}

const REOPEN = /* GraphQL */ `
  mutation ReopenClosure($id: ID!) {
    reopenClosure(id: $id) { ${CLOSURE_FIELDS} }
  }
`;

export async function reopenClosure(id: string): Promise<MapClosure> {
  return (await gql<{ reopenClosure: MapClosure }>(REOPEN, { id })).reopenClosure;
}

const DELETE = /* GraphQL */ `
  mutation DeleteClosure($id: ID!) {
    deleteClosure(id: $id) { ${CLOSURE_FIELDS} }
  }
`;

export async function deleteClosure(id: string): Promise<MapClosure> {
  return (await gql<{ deleteClosure: MapClosure }>(DELETE, { id })).deleteClosure;
}
