// The council boundaries a map draws: the LGAs whose box meets a cover around the view, not all
// 547 of the bundle. MapLibre copies a GeoJSON source to its worker and cuts it into tiles there:
// a fresh /map took 10.3–10.5 s of Chromium's CPU with the whole country's boundaries (377k
// points) against 7.0–7.6 s with one LGA's (the bundle's download and storing included), and
// 8.8–10.0 s drawing only the councils around Forbes. The cover is the view grown by its own size
// on every side and moves only when the view leaves it, so a pan inside it sends the worker
// nothing; a state-wide view covers what it shows.
import type * as GeoJSON from 'geojson';
import { bboxesMeet, bboxOfGeometry, FORBES_BBOX, type Bbox } from './geo';

export interface LgaBox {
  code: string;
  bbox: Bbox;
}

export interface BoundaryIndex {
  /** The bundle's features, each with `home` (the user's own council) in its properties. */
  features: GeoJSON.Feature[];
  /** Feature i's box (null for one without coordinates). */
  featureBoxes: (Bbox | null)[];
  /** Every LGA's code and box: which LGAs a view needs (lga-files.ts). */
  boxes: LgaBox[];
  /** The home LGA's box (Forbes' when the bundle lacks it). */
  homeBbox: Bbox;
}

/** The bundle's features read once: the home council flagged, and every feature's box. */
export function boundaryIndex(bundle: { features: ReadonlyArray<{ properties: Record<string, unknown> | null; geometry: unknown }> }, homeLgaCode: string): BoundaryIndex {
  const index: BoundaryIndex = { features: [], featureBoxes: [], boxes: [], homeBbox: FORBES_BBOX };
  for (const f of bundle.features) {
    const code = String(f.properties?.code ?? f.properties?.lga_code ?? '');
    const home = code === homeLgaCode;
    const bbox = bboxOfGeometry(f.geometry);
    if (home && bbox) index.homeBbox = bbox;
    if (code && bbox) index.boxes.push({ code, bbox });
    index.features.push({ type: 'Feature', properties: { ...f.properties, home }, geometry: f.geometry as GeoJSON.Geometry });
    index.featureBoxes.push(bbox);
  }
  return index;
}

/** The box grown by its own width and height on every side (three times as wide and as tall). */
export function grownBbox([west, south, east, north]: Bbox): Bbox {
  const width = east - west;
  const height = north - south;
  return [west - width, south - height, east + width, north + height];
}

export function containsBbox(outer: Bbox, inner: Bbox): boolean {
  return outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];
}

/** The same cover while it holds the view (so nothing is re-sent), else one grown around the view. */
export function nextCover(cover: Bbox | null, view: Bbox): Bbox {
  return cover && containsBbox(cover, view) ? cover : grownBbox(view);
}

/**
 * The features whose box meets the cover, in the bundle's order; `boxes[i]` is feature i's box
 * (null for a feature without coordinates, never drawn).
 */
export function outlinesWithin(features: GeoJSON.Feature[], boxes: (Bbox | null)[], cover: Bbox): GeoJSON.FeatureCollection {
  return { type: 'FeatureCollection', features: features.filter((_, i) => boxes[i] !== null && bboxesMeet(boxes[i]!, cover)) };
}
