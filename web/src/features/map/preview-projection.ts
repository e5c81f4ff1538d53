// Where a point will be on the map's canvas before MapLibre has loaded: the same Web Mercator
// camera MapLibre computes for the map's opening view (fit a box with padding, or a centre and a
// zoom), so the closures' first drawing (MapPreview) lands exactly where MapLibre will draw them.
// Pure and small: it ships with the page, not with MapLibre.
import type { Bbox } from './geo';

/** MapLibre's world is 512 px wide at zoom 0. */
const TILE_SIZE = 512;
/** Web Mercator's latitude limit (MapLibre clamps to it too). */
const MAX_LATITUDE = 85.051129;

export type ScreenPoint = [x: number, y: number];
export type Projector = (lng: number, lat: number) => ScreenPoint;

export interface PreviewCamera {
  /** The view's centre in Mercator units (0..1 across the world). */
  centre: ScreenPoint;
  zoom: number;
}

/** Longitude/latitude in Mercator units: x 0..1 west to east, y 0..1 north to south. */
export function mercator(lng: number, lat: number): ScreenPoint {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return [(lng + 180) / 360, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)];
}

/** MapLibre's `bounds` + `fitBoundsOptions.padding` opening camera (no bearing, no pitch). */
export function cameraForBox(bbox: Bbox, width: number, height: number, padding: number, maxZoom = 22): PreviewCamera {
  const [west, south, east, north] = bbox;
  const [x0, y0] = mercator(west, north);
  const [x1, y1] = mercator(east, south);
  const scale = Math.min((width - 2 * padding) / ((x1 - x0) * TILE_SIZE), (height - 2 * padding) / ((y1 - y0) * TILE_SIZE));
  return { centre: [(x0 + x1) / 2, (y0 + y1) / 2], zoom: Math.min(Math.log2(scale), maxZoom) };
}

/** MapLibre's `center` + `zoom` opening camera. */
export function cameraAt(lng: number, lat: number, zoom: number): PreviewCamera {
  return { centre: mercator(lng, lat), zoom };
}

/** Canvas pixels (from the top left) of a longitude/latitude for a canvas of this size. */
export function projectorFor(camera: PreviewCamera, width: number, height: number): Projector {
  const worldSize = TILE_SIZE * 2 ** camera.zoom;
  const [cx, cy] = camera.centre;
  return (lng, lat) => {
    const [x, y] = mercator(lng, lat);
    return [(x - cx) * worldSize + width / 2, (y - cy) * worldSize + height / 2];
  };
}
