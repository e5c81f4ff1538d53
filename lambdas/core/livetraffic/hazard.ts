// A hazard of the state's road network (Live Traffic NSW: roadworks, incidents, major events,
// floods, fires, alpine conditions) as we keep it: the state's words made plain, where it is,
// which council it lies in, and whether it closes the road. Never a council's closure: nobody here
// edits one, and it goes when the state ends it.
import { createHash } from 'node:crypto';
import type { LineString, MultiLineString } from 'geojson';

export const HAZARD_KINDS = ['incident', 'roadwork', 'majorevent', 'flood', 'fire', 'alpine'] as const;
export type HazardKind = (typeof HAZARD_KINDS)[number];

export const STATE_SOURCE = 'livetraffic' as const;
export const STATE_SOURCE_NAME = 'Live Traffic NSW' as const;
export const STATE_ATTRIBUTION = 'Contains Live Traffic NSW data, © Transport for NSW, licensed under CC BY 4.0.' as const;
export const STATE_LICENCE_URL = 'https://creativecommons.org/licenses/by/4.0/' as const;

/**
 * Where the drawn line comes from: the state's own polyline; the road engine, from the state's
 * point and the streets it names; or nothing but the state's point.
 */
export type GeometrySource = 'state' | 'road-engine' | 'point';

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

/** One hazard as the feed described it, parsed and made plain (before we locate it). */
export interface ParsedHazard {
  /** The state's id, as text. */
  id: string;
  kind: HazardKind;
  headline: string;
  category?: string;
  subCategory?: string;
  planned: boolean;
  major: boolean;
  position: { lat: number; lng: number };
  /** The state's own line of the affected road, when it sent one. */
  stateLine?: [number, number][][];
  roads: HazardRoad[];
  lanes: HazardLanes[];
  periods: HazardPeriod[];
  advice: string[];
  diversions?: string;
  speedLimit?: number;
  /** Unix seconds. */
  start?: number;
  end?: number;
  created?: number;
  lastUpdated?: number;
}

/** A hazard as stored: located in a council, with the stretch it affects when one is known. */
export interface StateHazard extends ParsedHazard {
  source: typeof STATE_SOURCE;
  lgaCode: string;
  geometry: LineString | MultiLineString | null;
  geometrySource: GeometrySource;
  /** Plain words on how the line was found, or why there is none (shown to residents). */
  geometryNote: string;
  /** The road is closed (not just lanes): directions keep off it. */
  closesRoad: boolean;
  /** A fingerprint of everything shown, so an unchanged hazard is not written again. */
  hash: string;
}

/**
 * The feed says a road is closed in `impactedLanes[].extent` ("Closed"), as against "Lanes closed"
 * or "Affected". Planned works' `periods[].closureType` of ROAD_CLOSURE say when works may close
 * the road (nights, weekends), not that it is closed now, so they do not close it here.
 */
export function closesRoad(hazard: Pick<ParsedHazard, 'lanes'>): boolean {
  return hazard.lanes.some((l) => l.extent?.trim().toLowerCase() === 'closed');
}

export function contentHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);
}

/** The hazard with its hash, computed over every field but the hash itself. */
export function withHash(hazard: Omit<StateHazard, 'hash'>): StateHazard {
  return { ...hazard, hash: contentHash(hazard) };
}
