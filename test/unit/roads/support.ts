import { fileURLToPath } from 'node:url';
import type { Feature, LineString, Position } from 'geojson';
import { buildRoadGraph } from '../../../lambdas/core/roads/build';
import { RoadEngine } from '../../../lambdas/core/roads/engine';
import { haversine } from '../../../lambdas/core/roads/geo';
import type { RoadGraph } from '../../../lambdas/core/roads/graph';
import { readRoadLinesFromGeoJSON, roadLinesFromFeatures } from '../../../lambdas/core/roads/input';
import { loadLocalities } from '../../../lambdas/core/roads/localities';

export const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/roads/${name}`, import.meta.url));
export const localitiesFile = fileURLToPath(new URL('../../../data/places/nsw-localities.geojson', import.meta.url));

let forbes: RoadGraph | undefined;
export function forbesGraph(): RoadGraph {
  forbes ??= buildRoadGraph(readRoadLinesFromGeoJSON(fixture('forbes-roads.geojson')), { source: 'forbes-roads.geojson' });
  return forbes;
}

export function forbesEngine(): RoadEngine {
  return new RoadEngine(forbesGraph(), { localities: () => loadLocalities(localitiesFile) });
}

/** Forbes town centre, on the Newell Highway. */
export const FORBES = { lat: -33.3877, lng: 148.0083 };

export function road(coordinates: Position[], properties: Record<string, unknown> = {}): Feature<LineString> {
  return { type: 'Feature', properties: { highway: 'secondary', ...properties }, geometry: { type: 'LineString', coordinates } };
}

export function graphOf(features: Feature<LineString>[]): RoadGraph {
  return buildRoadGraph(roadLinesFromFeatures(features));
}

export function lineLength(coordinates: Position[]): number {
  let total = 0;
  for (let i = 1; i < coordinates.length; i++) {
    total += haversine(coordinates[i - 1][0], coordinates[i - 1][1], coordinates[i][0], coordinates[i][1]);
  }
  return total;
}

/** The point `metres` along a line. */
export function pointAlong(coordinates: Position[], metres: number): { lat: number; lng: number } {
  let left = metres;
  for (let i = 1; i < coordinates.length; i++) {
    const [ax, ay] = coordinates[i - 1];
    const [bx, by] = coordinates[i];
    const step = haversine(ax, ay, bx, by);
    if (step >= left && step > 0) {
      const f = left / step;
      return { lng: ax + (bx - ax) * f, lat: ay + (by - ay) * f };
    }
    left -= step;
  }
  const [x, y] = coordinates[coordinates.length - 1];
  return { lng: x, lat: y };
}
