// The closure being drawn on the staff map: regions of clicked points, each consecutive pair
// joined by a snapped road segment, or, once the snap refuses and staff choose to draw by hand, by
// a straight segment kept exactly as clicked (docs/web-app.md#drawing-a-closure). Pure state
// transitions, so the drawing rules are testable.
import type * as GeoJSON from 'geojson';
import type { LngLat } from '../map/geo';

export interface DraftRegion {
  points: LngLat[];
  /** segments[i] follows the roads (or the clicks, drawn by hand) from points[i] to points[i + 1]. */
  segments: GeoJSON.Position[][];
  /** byHand[i]: segments[i] was drawn by hand. Left out in regions with none. */
  byHand?: boolean[];
}

/** A region with any segment drawn by hand is drawn by hand: its later points are joined straight too. */
export const isDrawnByHand = (region: DraftRegion) => (region.byHand ?? []).some(Boolean);

/** A region as the API takes it: the line, and whether it was drawn by hand. */
export interface DraftLine {
  geometry: GeoJSON.LineString;
  drawnByHand: boolean;
}

export interface Draft {
  regions: DraftRegion[];
  current: DraftRegion;
}

export const emptyDraft = (): Draft => ({ regions: [], current: { points: [], segments: [] } });

export function addFirstPoint(draft: Draft, point: LngLat): Draft {
  return { ...draft, current: { points: [point], segments: [] } };
}

function addSegment(draft: Draft, point: LngLat, segment: GeoJSON.Position[], byHand: boolean): Draft {
  const { current } = draft;
  return {
    ...draft,
    current: {
      points: [...current.points, point],
      segments: [...current.segments, segment],
      byHand: [...(current.byHand ?? current.segments.map(() => false)), byHand],
    },
  };
}

export function addSnappedPoint(draft: Draft, point: LngLat, segment: GeoJSON.Position[]): Draft {
  return addSegment(draft, point, segment, false);
}

/** The next point joined to the last by a straight line, exactly as clicked: the region is drawn by hand from now on. */
export function addPointByHand(draft: Draft, point: LngLat): Draft {
  const last = draft.current.points[draft.current.points.length - 1];
  if (!last) return addFirstPoint(draft, point);
  // From where the line so far ends (a snapped segment ends on the road, not at the click).
  const from = draft.current.segments.at(-1)?.at(-1) ?? [last.lng, last.lat];
  return addSegment(draft, point, [from, [point.lng, point.lat]], true);
}

/** Removes the last point of the region being drawn, or reopens the last finished region. */
export function undoLastPoint(draft: Draft): Draft {
  const { current } = draft;
  if (current.points.length === 0 && draft.regions.length > 0) {
    const regions = draft.regions.slice(0, -1);
    return undoLastPoint({ regions, current: draft.regions[draft.regions.length - 1] });
  }
  const kept = Math.max(0, current.points.length - 2);
  return { ...draft, current: { points: current.points.slice(0, -1), segments: current.segments.slice(0, kept), byHand: (current.byHand ?? []).slice(0, kept) } };
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
export function draftRegions(draft: Draft): DraftLine[] {
  const all = canFinishRegion(draft) ? [...draft.regions, draft.current] : draft.regions;
  return all.map((region) => ({ geometry: regionLine(region), drawnByHand: isDrawnByHand(region) })).filter((line) => line.geometry.coordinates.length >= 2);
}

export function draftToFeatures(draft: Draft): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  for (const region of [...draft.regions, draft.current]) {
    if (region.segments.length) features.push({ type: 'Feature', properties: { drawnByHand: isDrawnByHand(region) }, geometry: regionLine(region) });
  }
  for (const point of draft.current.points) {
    features.push({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [point.lng, point.lat] } });
  }
  return { type: 'FeatureCollection', features };
}
