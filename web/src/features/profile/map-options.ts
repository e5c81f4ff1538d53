// The map options a signed-in user saves (zoom and base layer) and the style URL a map loads for
// them. Apart from the profile form's validation: every map reads these, on its first screen.

export interface MapOptions {
  zoom: number;
  /** A base layer of BASE_LAYERS; one saved before it existed (satellite, topographic) reads as streets. */
  baseLayer: BaseLayerId;
}

export type BaseLayerId = 'streets' | 'minimal';

export const DEFAULT_MAP_OPTIONS: MapOptions = { zoom: 11, baseLayer: 'streets' };
/** The base layers the app has styles for (config app.mapStyles), with what the picker says. */
export const BASE_LAYERS: Array<[BaseLayerId, string]> = [
  ['streets', 'Streets'],
  ['minimal', 'Minimal (light grey)'],
];

/**
 * The style URL a map loads for a base layer: the config's style for it, else the default style
 * (a config without that layer, or nothing saved).
 */
export function styleUrlFor(baseLayer: string | null | undefined, app: { mapStyle: string; mapStyles?: Partial<Record<string, string>> }): string {
  return (baseLayer && app.mapStyles?.[baseLayer]) || app.mapStyle;
}

export const MIN_ZOOM = 5;
export const MAX_ZOOM = 18;

/** AWSJSON arrives as a string (AppSync) or already parsed; anything odd falls back to the defaults. */
export function parseMapOptions(value: unknown): MapOptions {
  let raw = value;
  if (typeof value === 'string') {
    try {
      raw = JSON.parse(value);
    } catch {
      raw = null;
    }
  }
  const o = (raw && typeof raw === 'object' ? raw : {}) as Partial<MapOptions>;
  const zoom = typeof o.zoom === 'number' && o.zoom >= MIN_ZOOM && o.zoom <= MAX_ZOOM ? o.zoom : DEFAULT_MAP_OPTIONS.zoom;
  const baseLayer = BASE_LAYERS.some(([id]) => id === o.baseLayer) ? o.baseLayer! : DEFAULT_MAP_OPTIONS.baseLayer;
  return { ...(raw as object), zoom, baseLayer };
}
