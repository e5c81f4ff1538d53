// Saving a watched area from the map tool, with an id the tool makes once per drawing: a retry of
// the same save replaces that area rather than adding one. Kept apart from the list's module
// (watch-zones.ts), so the tool, loaded on its own, shares no chunk with My subscriptions.
import { gql } from '../../../lib/api';
import type { LngLat } from '../../map/geo';

export type WatchZoneDraft = { id: string; name: string } & ({ polygon: LngLat[] } | { center: LngLat; radius: number; place?: string });

const point = (p: LngLat) => ({ lat: p.lat, lng: p.lng });

export async function saveWatchZone(draft: WatchZoneDraft): Promise<void> {
  const input = 'polygon' in draft
    ? { id: draft.id, name: draft.name, polygon: draft.polygon.map(point) }
    : { id: draft.id, name: draft.name, center: point(draft.center), radius: draft.radius, ...(draft.place ? { place: draft.place } : {}) };
  await gql(`mutation SaveWatchZone($input: WatchZoneInput!) { saveWatchZone(input: $input) { id } }`, { input });
}

