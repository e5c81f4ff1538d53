// The public file of the state's hazards (feeds/livetraffic/hazards.json): what the public map,
// the embed and the list show of each, with the state's attribution. One file for the state, read
// by the map only once it is drawn, and rewritten only when what it says changes. A hazard on the
// same stretch as a council's closure is shown once, as the council's: the file names that closure
// (`sameAs`), and the map shows the state's reference on the council's closure instead.
import type { LineString, MultiLineString } from 'geojson';
import type { ClosureRecord } from '../closures/types';
import { closuresAlongRoute } from '../directions/overlap';
import { haversine, projectOntoSegment, type Position } from '../roads/geo';
import { STATE_ATTRIBUTION, STATE_LICENCE_URL, STATE_SOURCE, STATE_SOURCE_NAME, type StateHazard } from './hazard';

export const STATE_FILE_KEY = 'feeds/livetraffic/hazards.json';
/** A council closure this close to a hazard the state gave as a point is the same thing. */
const SAME_POINT_M = 30;

export interface PublicHazard {
  id: string;
  kind: StateHazard['kind'];
  lgaCode: string;
  headline: string;
  category: string | null;
  closesRoad: boolean;
  planned: boolean;
  position: { lat: number; lng: number };
  geometry: LineString | MultiLineString | null;
  geometrySource: StateHazard['geometrySource'];
  geometryNote: string;
  roads: StateHazard['roads'];
  lanes: StateHazard['lanes'];
  periods: StateHazard['periods'];
  advice: string[];
  diversions: string | null;
  speedLimit: number | null;
  start: number | null;
  end: number | null;
  lastUpdated: number | null;
  /** The council's closure on the same stretch, shown instead of this. */
  sameAs: string | null;
}

export interface StateHazardFile {
  source: typeof STATE_SOURCE;
  sourceName: typeof STATE_SOURCE_NAME;
  attribution: typeof STATE_ATTRIBUTION;
  licence: typeof STATE_LICENCE_URL;
  /** Set when the hazards are recorded data replayed by a stand-in, never the live feed. */
  recorded: string | null;
  /** Unix seconds of the last import that reached the feed. */
  lastGoodAt: number;
  hazards: PublicHazard[];
}

function linesOf(geometry: LineString | MultiLineString): Position[][] {
  return (geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates) as Position[][];
}

function nearPoint(closure: ClosureRecord, { lng, lat }: { lng: number; lat: number }): boolean {
  return closure.regions.some((r) => {
    const line = r.geometry.coordinates as Position[];
    for (let i = 1; i < line.length; i++) {
      if (projectOntoSegment(lng, lat, line[i - 1][0], line[i - 1][1], line[i][0], line[i][1]).distance <= SAME_POINT_M) return true;
    }
    return line.length === 1 && haversine(lng, lat, line[0][0], line[0][1]) <= SAME_POINT_M;
  });
}

/** The council closure (active, same council or a neighbour) on the same stretch as the hazard. */
export function sameStretchAs(hazard: Pick<StateHazard, 'geometry' | 'position'>, closures: readonly ClosureRecord[]): string | null {
  const live = closures.filter((c) => c.active && c.deletedAt === undefined && c.regions.length > 0);
  if (live.length === 0) return null;
  if (!hazard.geometry) return live.find((c) => nearPoint(c, hazard.position))?.id ?? null;
  const routeClosures = live.map((c) => ({
    id: c.id,
    geometry: { type: 'MultiLineString' as const, coordinates: c.regions.map((r) => r.geometry.coordinates as Position[]) },
  }));
  for (const line of linesOf(hazard.geometry)) {
    const [first] = closuresAlongRoute(line, routeClosures);
    if (first) return first;
  }
  return null;
}

export function publicHazardOf(h: StateHazard, sameAs: string | null): PublicHazard {
  return {
    id: h.id,
    kind: h.kind,
    lgaCode: h.lgaCode,
    headline: h.headline,
    category: h.category ?? null,
    closesRoad: h.closesRoad,
    planned: h.planned,
    position: h.position,
    geometry: h.geometry,
    geometrySource: h.geometrySource,
    geometryNote: h.geometryNote,
    roads: h.roads,
    lanes: h.lanes,
    periods: h.periods,
    advice: h.advice,
    diversions: h.diversions ?? null,
    speedLimit: h.speedLimit ?? null,
    start: h.start ?? null,
    end: h.end ?? null,
    lastUpdated: h.lastUpdated ?? null,
    sameAs,
  };
}

export function buildStateHazardFile(
  hazards: readonly StateHazard[],
  closuresByLga: ReadonlyMap<string, readonly ClosureRecord[]>,
  lastGoodAt: number,
  recorded: string | null,
): StateHazardFile {
  const sorted = [...hazards].sort((a, b) => a.lgaCode.localeCompare(b.lgaCode) || a.id.localeCompare(b.id));
  return {
    source: STATE_SOURCE,
    sourceName: STATE_SOURCE_NAME,
    attribution: STATE_ATTRIBUTION,
    licence: STATE_LICENCE_URL,
    recorded,
    lastGoodAt,
    hazards: sorted.map((h) => publicHazardOf(h, sameStretchAs(h, closuresByLga.get(h.lgaCode) ?? []))),
  };
}
