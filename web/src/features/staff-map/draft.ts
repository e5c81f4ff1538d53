// The closure being drawn on the staff map: regions of clicked points, each consecutive pair
// joined by a snapped road segment. Pure state transitions, so the drawing rules are testable.
import type * as GeoJSON from 'geojson';
import type { LngLat } from '../map/geo';

export interface DraftRegion {
  points: LngLat[];
  /** segments[i] follows the roads from points[i] to points[i + 1]. */
  segments: GeoJSON.Position[][];
}

export interface Draft {
  regions: DraftRegion[];
  current: DraftRegion;
}

export const emptyDraft = (): Draft => ({ regions: [], current: { points: [], segments: [] } });

export function addFirstPoint(draft: Draft, point: LngLat): Draft {
  return { ...draft, current: { points: [point], segments: [] } };
}

export function addSnappedPoint(draft: Draft, point: LngLat, segment: GeoJSON.Position[]): Draft {
  return { ...draft, current: { points: [...draft.current.points, point], segments: [...draft.current.segments, segment] } };
}

/** Removes the last point of the region being drawn, or reopens the last finished region. */
export function undoLastPoint(draft: Draft): Draft {
  const { current } = draft;
  if (current.points.length === 0 && draft.regions.length > 0) {
    const regions = draft.regions.slice(0, -1);
    return undoLastPoint({ regions, current: draft.regions[draft.regions.length - 1] });
  }
  return { ...draft, current: { points: current.points.slice(0, -1), segments: current.segments.slice(0, Math.max(0, current.points.length - 2)) } };
}

export const canFinishRegion = (draft: Draft) => draft.current.segments.length > 0;

export function finishRegion(draft: Draft): Draft {
  if (!canFinishRegion(draft)) return draft;
  return { regions: [...draft.regions, draft.current], current: { points: [], segments: [] } };
}

/** A region's line: its segments joined, without repeating the shared vertex at each join. */
export function regionLine(region: DraftRegion): GeoJSON.LineString {
  const coordinates: GeoJSON.Position[] = [];
  for (const segment of region.segments) {
    for (const position of segment) {
      const last = coordinates[coordinates.length - 1];
      if (!last || last[0] !== position[0] || last[1] !== position[1]) coordinates.push(position);
    }
  }
  return { type: 'LineString', coordinates };
}

/** The regions a closure would be created with: the finished ones plus the one in progress, if drawable. */
export function draftRegions(draft: Draft): GeoJSON.LineString[] {
  const all = canFinishRegion(draft) ? [...draft.regions, draft.current] : draft.regions;
  return all.map(regionLine).filter((line) => line.coordinates.length >= 2);
}

export function draftToFeatures(draft: Draft): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  for (const region of [...draft.regions, draft.current]) {
    if (region.segments.length) features.push({ type: 'Feature', properties: {}, geometry: regionLine(region) });
  }
  for (const point of draft.current.points) {
    features.push({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [point.lng, point.lat] } });
  }
  return { type: 'FeatureCollection', features };
}
