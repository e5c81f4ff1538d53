// A varied set of closures for the feeds' conformance tests: every type in both conditions, a
// scheduled one started and one still ahead, open with changes (traffic lights, stop/slow, a lane
// closed, nothing said), several regions, a long one, an overdue and an unestimated reopening,
// unnamed roads, two LGAs, and closures reopened and deleted (which no feed may carry).
import { CLOSURE_TYPE_VALUES, type ClosureRecord, type Position } from '../../../../lambdas/core/closures/types';
import { closure } from '../fixtures';

export const NOW = 1_764_050_000;
const HOUR = 3600;
const DAY = 86_400;

/** A line of `points` points heading north-east from a spot near Forbes, offset by `n`. */
function line(n: number, points = 3): Position[] {
  const lng = 147.9 + n * 0.01;
  const lat = -33.45 + n * 0.005;
  return Array.from({ length: points }, (_, i) => [Number((lng + i * 0.0007).toFixed(6)), Number((lat + i * 0.0004).toFixed(6))] as Position);
}

const region = (id: string, n: number, points?: number) => ({ id, geometry: { type: 'LineString' as const, coordinates: line(n, points) }, createdAt: NOW - DAY, updatedAt: NOW - DAY });

let next = 0;
/** A live closure with its own id and place; `over` says what is special about it. */
function live(over: Partial<ClosureRecord>): ClosureRecord {
  const n = next++;
  const id = `0a1b2c3d-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return closure({
    id,
    regions: [region(`f1e2d3c4-0000-4000-8000-${String(n).padStart(12, '0')}`, n)],
    estimatedReopening: NOW + 2 * DAY,
    createdAt: NOW - DAY,
    updatedAt: NOW - HOUR + n,
    ...over,
  });
}

const everyTypeAndCondition = CLOSURE_TYPE_VALUES.flatMap((type) =>
  (['closed', 'changed'] as const).map((condition) => live({ type, condition, reason: `${type} ${condition}` })),
);

export const special = {
  singleLaneLights: live({ type: 'roadworks', condition: 'changed', reason: 'Pavement rehabilitation east of Forbes: single lane with traffic lights, expect 10 minute delays.' }),
  stopSlow: live({ type: 'roadworks', condition: 'changed', reason: 'Shoulder works, stop/slow traffic control in place.' }),
  laneClosed: live({ type: 'roadworks', condition: 'changed', reason: 'Kerb works: left lane closed.' }),
  startedSchedule: live({ type: 'roadworks', view: 'SCHEDULED', scheduledFor: NOW - 2 * HOUR, reason: 'Bridge deck replacement' }),
  aheadSchedule: live({ type: 'roadworks', view: 'SCHEDULED', active: false, scheduledFor: NOW + DAY, estimatedReopening: NOW + 3 * DAY }),
  multiRegion: live({
    type: 'roadworks',
    regions: [region('region-a', 40), region('region-b', 41), region('region-c', 42)],
  }),
  long: live({ type: 'roadworks', regions: [region('region-long', 43, 600)] }),
  overdue: live({ type: 'flood', reason: 'Water over the road', createdAt: NOW - 3 * HOUR, estimatedReopening: NOW - HOUR }),
  // Recorded after the reopening it expected had already passed: the end is before the start.
  overdueWorks: live({ type: 'roadworks', createdAt: NOW - 30 * 60, estimatedReopening: NOW - HOUR }),
  noEstimate: live({ type: 'roadworks', estimatedReopening: undefined }),
  unnamedNearestNamedAddress: live({
    type: 'roadworks',
    nearestLocation: { name: 'Secondary road', location: { lat: -33.4, lng: 147.9 }, distance: 4 },
    formattedAddress: 'Back Yamma Road, Bedgerebong, NSW',
  }),
  unnamed: live({
    type: 'roadworks',
    nearestLocation: { name: 'Secondary road', location: { lat: -33.4, lng: 147.9 }, distance: 4 },
    formattedAddress: 'Forbes, NSW',
  }),
  otherLga: live({ lgaCode: '16200', type: 'roadworks', formattedAddress: 'Bogan Street, Parkes, NSW', nearestLocation: { name: 'Bogan Street', location: { lat: -33.1, lng: 148.2 }, distance: 2 } }),
  markup: live({ type: 'event', reason: 'Show & shine "parade" <b>', detour: "Via Lachlan & Court St's" }),
  reopened: live({ type: 'roadworks', condition: 'opened', view: 'RECENTLY_OPENED', active: false, openedAt: NOW - HOUR }),
  deleted: live({ type: 'flood', view: 'DELETED', active: false, deletedAt: NOW - HOUR }),
};

/** Every closure of the set, live or not: the feeds must pick the live ones themselves. */
export const allClosures: ClosureRecord[] = [...everyTypeAndCondition, ...Object.values(special)];
