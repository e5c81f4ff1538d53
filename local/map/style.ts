// The local base map's MapLibre styles, drawn only from the project's data (roads, LGAs, places):
// "streets" (the default) and "minimal", a light grey map that lets closures stand out, which a
// user picks in /profile/map-view. Both use the same tiles and fonts. In AWS the config's
// app.mapStyles may point at Amazon Location styles instead; the web app only ever reads the URLs
// from config, so this file is the local side of that seam.
import { BASE_LAYER_IDS, MAP_STYLE_PATHS, type BaseLayerId } from '../../lib/map-styles';
import { TILE_SOURCES } from './tiles';

export { BASE_LAYER_IDS, MAP_STYLE_PATHS, type BaseLayerId };

export const ATTRIBUTION =
  '© OpenStreetMap contributors, © OpenMapTiles · Source: Australian Bureau of Statistics (ASGS), CC BY 4.0';

// No `glyphs` URL on purpose: MapLibre then draws label glyphs in the browser (TinySDF) from the
// fonts the device has, treating text-font as a CSS font-family fallback list. No font server,
// no network.
const FONT = ['Noto Sans', 'DejaVu Sans', 'Liberation Sans', 'Arial', 'sans-serif'];

export function sourceMaxZoom(name: string, options: MapStyleOptions = {}): number {
  const cap = typeof options.maxzoom === 'number' ? options.maxzoom : options.maxzoom?.[name];
  return Math.min(TILE_SOURCES[name].maxzoom, cap ?? Infinity);
}

interface Palette {
  name: string;
  background: string;
  lgaLine: string;
  casing: string;
  /** motorway, trunk, primary, secondary; the last one also colours every other class. */
  roads: [string, string, string, string];
  lgaLabel: string;
  refText: string;
  refHalo: string;
  roadName: string;
  placeText: string;
}

const PALETTES: Record<BaseLayerId, Palette> = {
  streets: {
    name: 'Road closures (local)',
    background: '#f3f1ea', lgaLine: '#9a8fb0', casing: '#c9b48a',
    roads: ['#e07b39', '#f0a04b', '#f6c66a', '#fbe3a1'],
    lgaLabel: '#7b6f93', refText: '#ffffff', refHalo: '#2e6b3a', roadName: '#5a4a2a', placeText: '#1b2a3a',
  },
  // Greys only, so the red and amber closure markers are the one colour on the map. Label
  // colours keep a contrast of at least 4.5:1 against their halos.
  minimal: {
    name: 'Road closures minimal (local)',
    background: '#f2f2f2', lgaLine: '#a3a3a3', casing: '#ffffff',
    roads: ['#9e9e9e', '#a8a8a8', '#b5b5b5', '#c4c4c4'],
    lgaLabel: '#595959', refText: '#ffffff', refHalo: '#595959', roadName: '#4d4d4d', placeText: '#262626',
  },
};

export interface MapStyleOptions {
  /**
   * Highest zoom any source has tiles for. The pre-built tiles (scripts/build-map-tiles.ts) stop
   * there and MapLibre overzooms the last level; the dev server cuts every source's own maxzoom.
   * A number caps every source, a record the sources it names.
   */
  maxzoom?: number | Partial<Record<string, number>>;
  /** Which base layer to draw; streets when not given. */
  baseLayer?: BaseLayerId;
}

/** `origin` prefixes the tile URLs: '' gives root-relative ones (/tiles/...). */
export function buildMapStyle(origin: string, options: MapStyleOptions = {}): Record<string, unknown> {
  const source = (name: keyof typeof TILE_SOURCES) => ({
    type: 'vector',
    tiles: [`${origin}/tiles/${name}/{z}/{x}/{y}.pbf`],
    minzoom: TILE_SOURCES[name].minzoom,
    maxzoom: sourceMaxZoom(name, options),
    attribution: ATTRIBUTION,
  });
  const baseLayer = options.baseLayer ?? 'streets';
  const p = PALETTES[baseLayer];
  const classes = ['motorway', 'trunk', 'primary', 'secondary'];
  const roadColour = ['match', ['get', 'class'], ...classes.flatMap((c, i) => [c, p.roads[i]]), p.roads[3]];
  const roadWidth = (major: number, minor: number) => [
    'interpolate', ['linear'], ['zoom'],
    5, ['match', ['get', 'class'], ['motorway', 'trunk'], major * 0.3, minor * 0.2],
    10, ['match', ['get', 'class'], ['motorway', 'trunk'], major, minor],
    14, ['match', ['get', 'class'], ['motorway', 'trunk'], major * 2.5, minor * 2.5],
  ];
  return {
    version: 8,
    name: p.name,
    metadata: { 'road-closures:source': 'local', 'road-closures:base-layer': baseLayer },
    sources: { roads: source('roads'), lga: source('lga'), places: source('places') },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': p.background } },
      {
        id: 'lga-outline', type: 'line', source: 'lga', 'source-layer': 'lga',
        paint: { 'line-color': p.lgaLine, 'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.5, 10, 1.5], 'line-dasharray': [3, 2] },
      },
      {
        id: 'roads-casing', type: 'line', source: 'roads', 'source-layer': 'roads', minzoom: 8,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': p.casing, 'line-width': roadWidth(5, 3.6) },
      },
      {
        id: 'roads', type: 'line', source: 'roads', 'source-layer': 'roads',
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': roadColour, 'line-width': roadWidth(3.5, 2.4) },
      },
      {
        id: 'lga-label', type: 'symbol', source: 'lga', 'source-layer': 'lga', minzoom: 6, maxzoom: 10,
        layout: { 'text-field': ['get', 'lga_name'], 'text-font': FONT, 'text-size': 12, 'text-transform': 'uppercase', 'text-letter-spacing': 0.1 },
        paint: { 'text-color': p.lgaLabel, 'text-halo-color': p.background, 'text-halo-width': 1.5 },
      },
      {
        id: 'road-ref', type: 'symbol', source: 'roads', 'source-layer': 'roads', minzoom: 8,
        filter: ['has', 'ref'],
        layout: {
          'symbol-placement': 'line', 'symbol-spacing': 400, 'text-field': ['get', 'ref'], 'text-font': FONT, 'text-size': 10,
          'text-rotation-alignment': 'viewport',
        },
        paint: { 'text-color': p.refText, 'text-halo-color': p.refHalo, 'text-halo-width': 3 },
      },
      {
        id: 'road-name', type: 'symbol', source: 'roads', 'source-layer': 'roads', minzoom: 10,
        filter: ['has', 'name'],
        layout: { 'symbol-placement': 'line', 'text-field': ['get', 'name'], 'text-font': FONT, 'text-size': 11 },
        paint: { 'text-color': p.roadName, 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      },
      {
        id: 'place-label', type: 'symbol', source: 'places', 'source-layer': 'places', minzoom: 7,
        layout: {
          'text-field': ['get', 'name'], 'text-font': FONT,
          'text-size': ['interpolate', ['linear'], ['zoom'], 7, 10, 12, 14],
          'text-padding': 4,
        },
        paint: { 'text-color': p.placeText, 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      },
    ],
  };
}
