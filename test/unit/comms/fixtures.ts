// A closure record on the Newell Highway at Forbes for the communications unit tests.
import type { ClosureRecord } from '../../../lambdas/core/closures/types';

export function closure(over: Partial<ClosureRecord> = {}): ClosureRecord {
  return {
    id: 'c1', lgaCode: '12900', view: 'ACTIVE', active: true, condition: 'closed', type: 'flood', reason: 'Water over the road',
    position: { lat: -33.4, lng: 147.9 }, geohash: 'r1', geohash4: 'r1ab', geohash7: 'r1abcde', cells: ['r1ab'],
    nearestLocation: { name: 'Newell Highway', location: { lat: -33.4, lng: 147.9 }, distance: 3 },
    formattedAddress: 'Newell Highway, Forbes, NSW',
    regions: [{ id: 'r1', geometry: { type: 'LineString', coordinates: [[147.92986, -33.42686], [147.944298, -33.416541]] }, createdAt: 1, updatedAt: 1 }],
    media: [], subscriberCount: 0, version: 1, createdAt: 1_764_000_000, updatedAt: 1_764_000_100,
    ...over,
  };
}
