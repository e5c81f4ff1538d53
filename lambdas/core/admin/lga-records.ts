// What publishing an LGA boundaries bundle changes in the LGA records the server keeps (names,
// states and the bounding boxes that guard "a closure must lie within its LGA"): only the LGAs
// whose values differ, so a bundle with one renamed council rewrites one record. LGAs missing
// from a bundle are kept: customers, managers and closures hang off them.
import { bboxOfPolygons } from '../lga-locate';
import type { BundleFeature } from './lga-bundle';

export interface LgaRecordValues {
  code: string;
  name: string;
  state?: string;
  bbox?: number[];
}

export interface LgaRecordChange extends LgaRecordValues {
  bbox: number[];
  /** true when the bundle brings an LGA the table does not have yet. */
  isNew: boolean;
}

/** Bundles carry coordinates rounded to 4 decimals; a box this close is the same box. */
const BBOX_TOLERANCE = 2e-4;

export function featureBbox(geometry: BundleFeature['geometry']): number[] {
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as [number, number][][][];
  return bboxOfPolygons(polygons);
}

const sameBbox = (a: number[] | undefined, b: number[]) =>
  !!a && a.length === 4 && a.every((value, i) => Math.abs(value - b[i]) <= BBOX_TOLERANCE);

export function lgaRecordChanges(features: readonly BundleFeature[], existing: readonly LgaRecordValues[]): LgaRecordChange[] {
  const byCode = new Map(existing.map((lga) => [lga.code, lga]));
  const changes: LgaRecordChange[] = [];
  for (const feature of features) {
    const { code, name, state } = feature.properties;
    const bbox = featureBbox(feature.geometry);
    const current = byCode.get(code);
    if (!current) {
      changes.push({ code, name, state: state || undefined, bbox, isNew: true });
      continue;
    }
    const stateChanged = !!state && state !== current.state;
    if (current.name !== name || stateChanged || !sameBbox(current.bbox, bbox)) {
      changes.push({ code, name, state: state || current.state, bbox: sameBbox(current.bbox, bbox) ? current.bbox! : bbox, isNew: false });
    }
  }
  return changes;
}

/** The middle of a bounding box, for an LGA that arrives without the ABS centroid. */
export function bboxCentre(bbox: number[]): { lat: number; lng: number } {
  return { lng: (bbox[0] + bbox[2]) / 2, lat: (bbox[1] + bbox[3]) / 2 };
}
