// What residents see of the state's hazards: which are shown (in and around the view, not those
// the council already shows as its own closure), how they read (kind, roads, lanes, direction),
// how they are drawn, how old the state's data is, and which ones a route meets. Pure, so the map,
// the list, the embed, the directions panel and the tests agree.
import type * as GeoJSON from 'geojson';
import type { Bbox, LngLat } from '../map/geo';
import type { HazardLanes, HazardPeriod, HazardRoad, PublicHazard, StateHazardFile } from './api/state-hazards';

export const KIND_LABELS: Record<PublicHazard['kind'], string> = {
  incident: 'Incident',
  roadwork: 'Roadwork',
  majorevent: 'Major event',
  flood: 'Flood',
  fire: 'Fire',
  alpine: 'Alpine conditions',
};

/** The importer runs every 5 minutes; three missed cycles make the state's data worth dating. */
export const STALE_AFTER_SECONDS = 15 * 60;

/** How far around the view a hazard still counts as "around" it (a share of the view's size). */
const AROUND_SHARE = 0.1;

const positionsOf = (hazard: PublicHazard): number[][] => {
  const g = hazard.geometry;
  const line = g ? (g.type === 'LineString' ? g.coordinates : g.coordinates.flat()) : [];
  return [[hazard.position.lng, hazard.position.lat], ...line];
};

/** The hazard is in the box (or within a tenth of its size around it). */
export function touchesBox(hazard: PublicHazard, [west, south, east, north]: Bbox): boolean {
  const dx = (east - west) * AROUND_SHARE;
  const dy = (north - south) * AROUND_SHARE;
  return positionsOf(hazard).some(([lng, lat]) => lng >= west - dx && lng <= east + dx && lat >= south - dy && lat <= north + dy);
}

/**
 * The state's hazards shown in and around the view: a hazard the council shows as its own closure
 * (`sameAs`) is left out, since that closure names it.
 */
export function hazardsShown(file: StateHazardFile | null | undefined, bbox: Bbox | null): PublicHazard[] {
  if (!file || !bbox) return [];
  return file.hazards.filter((h) => !h.sameAs && touchesBox(h, bbox));
}

/** The state's reference a council closure names when both are on the same stretch. */
export function stateReferenceOf(hazard: Pick<PublicHazard, 'id' | 'headline'>, sourceName = 'Live Traffic NSW'): string {
  return `Also on ${sourceName}: ${hazard.headline} (reference ${hazard.id})`;
}

/** Per council closure id, the state's reference it names (one hazard each, the first listed). */
export function stateReferences(file: StateHazardFile | null | undefined): Record<string, string> {
  const refs: Record<string, string> = {};
  for (const h of file?.hazards ?? []) if (h.sameAs && !refs[h.sameAs]) refs[h.sameAs] = stateReferenceOf(h, file!.sourceName);
  return refs;
}

/** "Newell Highway at 47-55km north of West Wyalong, Weelong" */
export function roadText(road: HazardRoad): string {
  const main = road.mainStreet ?? 'Road';
  const between = road.crossStreet && road.secondLocation ? ` between ${road.crossStreet} and ${road.secondLocation}` : road.crossStreet ? ` ${road.qualifier && road.qualifier !== '-' ? road.qualifier : 'near'} ${road.crossStreet}` : '';
  return `${main}${between}${road.suburb ? `, ${road.suburb}` : ''}`;
}

/** "Both directions: lanes closed (1 of 2 lanes closed)" */
export function lanesText(lanes: HazardLanes): string {
  const what = [lanes.extent, lanes.closedLanes && lanes.numberOfLanes ? `${lanes.closedLanes} of ${lanes.numberOfLanes} lanes closed` : lanes.closedLanes, lanes.description].filter(Boolean).join(', ');
  return `${lanes.direction ?? 'Direction not given'}: ${what || 'affected'}`;
}

const CLOSURE_TYPE_WORDS: Record<string, string> = { LANE_CLOSURE: 'Lanes may close', ROAD_CLOSURE: 'The road may close', SHOULDER_CLOSURE: 'The shoulder may close' };

/** "Lanes may close, both directions: weekdays 7am to 6pm" */
export function periodText(period: HazardPeriod): string {
  const what = CLOSURE_TYPE_WORDS[period.closureType ?? ''] ?? 'Works';
  const days = [period.fromDay, period.toDay].filter(Boolean).join(' to ');
  const hours = [period.startTime, period.finishTime].filter(Boolean).join(' to ');
  const when = [days, hours].filter(Boolean).join(' ');
  return `${what}${period.direction ? `, ${period.direction.toLowerCase()}` : ''}${when ? `: ${when}` : ''}`;
}

/** "3 hours" — how long ago the state's data last arrived in full. */
function ageWords(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} hours` : `${Math.round(hours / 24)} days`;
}

/** Null while the data is fresh; otherwise the sentence that dates it. */
export function staleNotice(file: Pick<StateHazardFile, 'lastGoodAt' | 'sourceName'>, nowSeconds: number): string | null {
  const age = nowSeconds - file.lastGoodAt;
  if (!file.lastGoodAt) return `${file.sourceName} has not answered yet: these hazards may be out of date.`;
  return age > STALE_AFTER_SECONDS ? `Last updated from ${file.sourceName} ${ageWords(age)} ago: it has not answered since, so these hazards may be out of date.` : null;
}

/** The hazards as map data: their stretches as lines, every hazard as a point. */
export function hazardFeatures(hazards: readonly PublicHazard[], selectedId: string | null): { lines: GeoJSON.FeatureCollection; points: GeoJSON.FeatureCollection } {
  const lines: GeoJSON.Feature[] = [];
  const points: GeoJSON.Feature[] = [];
  for (const h of hazards) {
    const properties = { hazardId: h.id, closesRoad: h.closesRoad, selected: h.id === selectedId };
    if (h.geometry) lines.push({ type: 'Feature', properties, geometry: h.geometry });
    points.push({ type: 'Feature', properties, geometry: { type: 'Point', coordinates: [h.position.lng, h.position.lat] } });
  }
  return { lines: { type: 'FeatureCollection', features: lines }, points: { type: 'FeatureCollection', features: points } };
}

/** Metres from a point to a segment, on a local flat projection (good to a few metres here). */
function metresToSegment(p: LngLat, a: number[], b: number[]): number {
  const k = Math.cos((p.lat * Math.PI) / 180) * 111_320;
  const ax = (a[0] - p.lng) * k;
  const ay = (a[1] - p.lat) * 110_540;
  const bx = (b[0] - p.lng) * k;
  const by = (b[1] - p.lat) * 110_540;
  const dx = bx - ax;
  const dy = by - ay;
  const t = dx || dy ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / (dx * dx + dy * dy))) : 0;
  return Math.hypot(ax + t * dx, ay + t * dy);
}

/** A route passes a hazard whose point (or any point of its stretch) lies this close to it. */
export const PASSES_WITHIN_M = 40;

/**
 * The hazards a route meets: those it avoids (the server names them `livetraffic-{id}`) and those
 * it passes on the way (lanes closed, works: the route may use that road).
 */
export function hazardsOnRoute(
  route: { geometry: GeoJSON.LineString; avoidedClosureIds: string[]; crossesClosureIds: string[] },
  hazards: readonly PublicHazard[],
): { avoided: PublicHazard[]; passed: PublicHazard[] } {
  const named = (ids: string[]) => ids.filter((id) => id.startsWith('livetraffic-')).map((id) => id.slice('livetraffic-'.length));
  const avoidedIds = new Set(named(route.avoidedClosureIds));
  const line = route.geometry.coordinates;
  // Only hazards near the route's box are measured against each of its segments.
  const pad = 0.001;
  const box: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng, lat] of line) {
    box[0] = Math.min(box[0], lng - pad);
    box[1] = Math.min(box[1], lat - pad);
    box[2] = Math.max(box[2], lng + pad);
    box[3] = Math.max(box[3], lat + pad);
  }
  const inBox = ([lng, lat]: number[]) => lng >= box[0] && lng <= box[2] && lat >= box[1] && lat <= box[3];
  const near = (h: PublicHazard) =>
    positionsOf(h).some(([lng, lat]) => {
      if (!inBox([lng, lat])) return false;
      for (let i = 1; i < line.length; i++) if (metresToSegment({ lng, lat }, line[i - 1], line[i]) <= PASSES_WITHIN_M) return true;
      return false;
    });
  return {
    avoided: hazards.filter((h) => avoidedIds.has(h.id)),
    passed: hazards.filter((h) => !avoidedIds.has(h.id) && !h.sameAs && near(h)),
  };
}
