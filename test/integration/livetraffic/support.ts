// Shared set-up of the state-hazard tests: this worker talks to the test stack's DynamoDB Local,
// s3rver and the Live Traffic NSW stand-in on its web port, as the importer Lambda would.
import { inject } from 'vitest';
import { useStackFeedsBucket } from '../../support/api';
import type { HazardKind } from '../../../lambdas/core/livetraffic/hazard';
import type { KindAnswer } from '../../../lambdas/adapters/livetraffic/client';

export function useStateFeedStack() {
  useStackFeedsBucket();
  const stack = inject('stack');
  Object.assign(process.env, {
    LIVE_TRAFFIC_API_URL: `${stack.url}/dev/livetraffic`,
    LIVE_TRAFFIC_API_KEY: 'local-stand-in-key',
  });
}

/** A feature as the state sends it: upper-case POINT, blank strings, times in milliseconds. */
export function stateFeature(id: number, lng: number, lat: number, properties: Record<string, unknown> = {}) {
  return {
    type: 'Feature',
    id,
    geometry: { type: 'POINT', coordinates: [lng, lat] },
    properties: {
      headline: `TEST HAZARD ${id}`,
      displayName: 'TEST',
      mainCategory: 'Hazard',
      ended: false,
      incidentKind: 'Unplanned',
      adviceA: 'Exercise caution',
      adviceB: ' ',
      otherAdvice: ' ',
      diversions: ' ',
      lastUpdated: Date.now(),
      created: Date.now(),
      roads: [],
      periods: [],
      ...properties,
    },
  };
}

/** Answers of the feed made in the test: the kinds given, empty collections for the rest. */
export function answersOf(byKind: Partial<Record<HazardKind, unknown[] | { failed: string }>>) {
  return async (kind: HazardKind): Promise<KindAnswer> => {
    const given = byKind[kind];
    if (given && !Array.isArray(given)) return { kind, failed: given.failed };
    return { kind, body: { type: 'FeatureCollection', features: given ?? [] }, bytes: 0 };
  };
}

export const stateFile = async () => {
  const response = await fetch(`${inject('stack').url}/feeds/livetraffic/hazards.json`);
  return { status: response.status, file: response.status === 200 ? ((await response.json()) as import('../../../lambdas/core/livetraffic/public-file').StateHazardFile) : undefined };
};
