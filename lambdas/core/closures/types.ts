// The closure model as the domain sees it (spec §3), independent of how it is stored.
import type { StoredView } from '../closure-views';

/** Closure and report types, value → text (the API contract, lib/schema.graphql). */
export const CLOSURE_TYPES = {
  flood: 'Flooding',
  roadworks: 'Roadworks',
  crash: 'Crash',
  hazard: 'Hazard',
  fire: 'Fire',
  storm: 'Storm damage',
  event: 'Event',
  other: 'Other',
} as const;
export type ClosureTypeValue = keyof typeof CLOSURE_TYPES;
export const CLOSURE_TYPE_VALUES = Object.keys(CLOSURE_TYPES) as ClosureTypeValue[];

export const closureTypeOf = (value: string) => ({
  value,
  text: CLOSURE_TYPES[value as ClosureTypeValue] ?? CLOSURE_TYPES.other,
});

export type Condition = 'closed' | 'changed' | 'opened';
export type Position = [number, number];

export interface LineStringGeometry {
  type: 'LineString';
  coordinates: Position[];
}

export interface Region {
  id: string;
  geometry: LineStringGeometry;
  /** Drawn by hand where no road of the road graph was near: kept exactly as drawn (docs/road-engine.md#closures-drawn-by-hand). */
  drawnByHand?: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface LatLng {
  lat: number;
  lng: number;
}

export interface NearestLocation {
  name: string;
  location: LatLng;
  distance: number;
}

export type PeriodCondition = 'closed' | 'changed';

/** A time the closure was in effect (lambdas/core/closures/periods.ts). */
export interface ConditionPeriod {
  condition: PeriodCondition;
  /** When the closure took effect: its scheduled (or backdated) start, else when it was recorded. */
  from: number;
  /** When it stopped being in effect (reopened, deleted, conditions changed); absent while it lasts. */
  until?: number;
}

/** Who changed a closure, as written into its activity trail. */
export interface Actor {
  uid: string;
  email?: string;
  displayName?: string;
}

export interface ClosureRecord {
  id: string;
  lgaCode: string;
  view: StoredView;
  active: boolean;
  condition: Condition;
  type: string;
  reason?: string;
  /** The way around the closure, as staff describe it. */
  detour?: string;
  position: LatLng;
  geohash: string;
  geohash4: string;
  geohash7: string;
  /** Every precision-4 cell the regions touch, the position's own cell included. */
  cells: string[];
  /** The fine map index's partition and every one the closure is in (lambdas/core/closures/map-index.ts). */
  mapCell?: string;
  mapCells?: string[];
  nearestLocation?: NearestLocation;
  formattedAddress?: string;
  regions: Region[];
  scheduledFor?: number;
  estimatedReopening?: number;
  openedAt?: number;
  archivedAt?: number;
  deletedAt?: number;
  /** When it was actually in effect, recorded as it happened (absent on closures written before). */
  periods?: ConditionPeriod[];
  media: string[];
  source?: unknown;
  clusterId?: string;
  subscriberCount: number;
  createdBy?: string;
  updatedBy?: string;
  /** Optimistic-lock counter: every write expects the version it read. */
  version: number;
  createdAt: number;
  updatedAt: number;
}

export interface ActivityEntry {
  closureId: string;
  timestamp: number;
  action: ClosureAction;
  user: Actor;
  payload?: Record<string, unknown>;
}

export type ClosureAction =
  | 'created'
  | 'updated'
  | 'reopened'
  | 'deleted'
  | 'restored'
  | 'region_deleted'
  | 'media_added'
  | 'media_removed'
  | 'started'
  | 'archived';

/** The domain event a change publishes (docs/architecture.md#domain-events-and-their-consumers). */
export type ClosureEventType = 'closure.created' | 'closure.changed' | 'closure.reopened' | 'closure.deleted';
