// The state's hazards (Live Traffic NSW) as the importer publishes them: one public file for the
// state, /feeds/livetraffic/hazards.json, read once the map is up (docs/state-hazards.md). The
// shape mirrors the server's public file; the web app imports no server code.
import type * as GeoJSON from 'geojson';

export const STATE_HAZARDS_URL = '/feeds/livetraffic/hazards.json';
export const STATE_HAZARDS_QUERY_KEY = ['state-hazards'] as const;

export interface HazardRoad {
  mainStreet?: string;
  crossStreet?: string;
  secondLocation?: string;
  qualifier?: string;
  suburb?: string;
}

export interface HazardLanes {
  direction?: string;
  extent?: string;
  closedLanes?: string;
  numberOfLanes?: string;
  description?: string;
}

export interface HazardPeriod {
  closureType?: string;
  direction?: string;
  fromDay?: string;
  toDay?: string;
  startTime?: string;
  finishTime?: string;
}

export interface PublicHazard {
  id: string;
  kind: 'incident' | 'roadwork' | 'majorevent' | 'flood' | 'fire' | 'alpine';
  lgaCode: string;
  headline: string;
  category: string | null;
  closesRoad: boolean;
  planned: boolean;
  position: { lat: number; lng: number };
  geometry: GeoJSON.LineString | GeoJSON.MultiLineString | null;
  geometrySource: 'state' | 'road-engine' | 'point';
  geometryNote: string;
  roads: HazardRoad[];
  lanes: HazardLanes[];
  periods: HazardPeriod[];
  advice: string[];
  diversions: string | null;
  speedLimit: number | null;
  start: number | null;
  end: number | null;
  lastUpdated: number | null;
  /** The council's closure on the same stretch: the hazard is shown once, as that closure. */
  sameAs: string | null;
}

export interface StateHazardFile {
  source: 'livetraffic';
  sourceName: string;
  attribution: string;
  licence: string;
  /** Set when the hazards are recorded data replayed by the local stand-in. */
  recorded: string | null;
  /** Unix seconds of the last import every kind answered. */
  lastGoodAt: number;
  hazards: PublicHazard[];
}

/** The file, or null when none is published yet (no import has run): the map shows none. */
export async function fetchStateHazards(): Promise<StateHazardFile | null> {
  const response = await fetch(STATE_HAZARDS_URL, { headers: { accept: 'application/json' } });
  if (response.status === 404 || response.status === 403) return null;
  if (!response.ok) throw new Error(`The state's hazards could not be loaded (${response.status})`);
  const file = (await response.json()) as StateHazardFile;
  return Array.isArray(file?.hazards) ? file : null;
}

/** One read per visit, refreshed like the importer's cycle (every 5 minutes). */
export const stateHazardsQuery = {
  queryKey: STATE_HAZARDS_QUERY_KEY,
  queryFn: fetchStateHazards,
  staleTime: 5 * 60_000,
  refetchInterval: 5 * 60_000,
  retry: 1,
} as const;
