// How a closure looks on the map and in the list: its display state, colour and type symbol.
// Pure, so the map, the list twin and the tests agree on one definition.
import type * as GeoJSON from 'geojson';
import type { MapClosure } from './api/closure-fields';

export type DisplayState = 'closed' | 'changed' | 'opened' | 'scheduled';

export const CLOSURE_TYPES: Array<{ value: string; text: string; symbol: string }> = [
  { value: 'flood', text: 'Flood', symbol: '≈' },
  { value: 'roadworks', text: 'Roadworks', symbol: '⚒' },
  { value: 'crash', text: 'Crash', symbol: '✖' },
  { value: 'hazard', text: 'Hazard', symbol: '⚠' },
  { value: 'fire', text: 'Fire', symbol: '♨' },
  { value: 'storm', text: 'Storm', symbol: '☂' },
  { value: 'event', text: 'Event', symbol: '★' },
  { value: 'other', text: 'Other', symbol: '•' },
];

export const STATE_COLOURS: Record<DisplayState, string> = {
  closed: '#c62828',
  changed: '#e69500',
  opened: '#2e7d32',
  scheduled: '#6b7280',
};

export const STATE_LABELS: Record<DisplayState, string> = {
  closed: 'Closed',
  changed: 'Changed',
  opened: 'Reopened',
  scheduled: 'Scheduled',
};

/** Spec §9: reopened closures leave the map after 24 hours. */
export const OPENED_VISIBLE_SECONDS = 24 * 3600;

export function typeSymbol(value: string): string {
  return CLOSURE_TYPES.find((t) => t.value === value)?.symbol ?? '•';
}

/** Spec §4: a future scheduledFor shows as scheduled until then; opening wins over everything. */
export function displayState(closure: Pick<MapClosure, 'condition' | 'scheduledFor'>, nowSeconds: number): DisplayState {
  if (closure.condition === 'opened') return 'opened';
  if (closure.scheduledFor != null && closure.scheduledFor > nowSeconds) return 'scheduled';
  return closure.condition === 'changed' ? 'changed' : 'closed';
}

/** Whether the closure belongs on a map at all (deleted, archived and long-reopened ones do not). */
export function isShownOnMap(closure: MapClosure, nowSeconds: number): boolean {
  if (closure.deletedAt != null || closure.archivedAt != null) return false;
  if (closure.condition === 'opened') return nowSeconds - (closure.openedAt ?? closure.updatedAt) < OPENED_VISIBLE_SECONDS;
  return closure.active;
}

function parseLine(geometry: unknown): GeoJSON.LineString | null {
  const value = typeof geometry === 'string' ? (JSON.parse(geometry) as unknown) : geometry;
  const line = value as GeoJSON.LineString | null;
  return line && line.type === 'LineString' && Array.isArray(line.coordinates) ? line : null;
}

/** The closures as map data: one line per region, one point per closure position. */
export function closuresToFeatures(
  closures: MapClosure[],
  nowSeconds: number,
  selectedId: string | null,
): { lines: GeoJSON.FeatureCollection; points: GeoJSON.FeatureCollection } {
  const lines: GeoJSON.Feature[] = [];
  const points: GeoJSON.Feature[] = [];
  for (const closure of closures) {
    const state = displayState(closure, nowSeconds);
    const properties = {
      id: closure.id,
      state,
      type: closure.type.value,
      symbol: typeSymbol(closure.type.value),
      colour: STATE_COLOURS[state],
      selected: closure.id === selectedId,
    };
    for (const region of closure.regions) {
      let geometry: GeoJSON.LineString | null = null;
      try {
        geometry = parseLine(region.geometry);
      } catch {
        geometry = null;
      }
      if (geometry) lines.push({ type: 'Feature', id: undefined, properties: { ...properties, regionId: region.id }, geometry });
    }
    points.push({ type: 'Feature', properties, geometry: { type: 'Point', coordinates: [closure.position.lng, closure.position.lat] } });
  }
  return { lines: { type: 'FeatureCollection', features: lines }, points: { type: 'FeatureCollection', features: points } };
}
