// The local base map's MapLibre style, drawn only from the project's data (roads, LGAs, places).
// In AWS the config's app.mapStyle points at an Amazon Location style instead; the web app only
// ever reads the URL from config, so this file is the local side of that seam.
import { TILE_SOURCES } from './tiles';

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

const ROAD_COLOURS: Array<[string, string]> = [
  ['motorway', '#e07b39'],
  ['trunk', '#f0a04b'],
  ['primary', '#f6c66a'],
  ['secondary', '#fbe3a1'],
];

export interface MapStyleOptions {
  /**
   * Highest zoom any source has tiles for. The pre-built tiles (scripts/build-map-tiles.ts) stop
   * there and MapLibre overzooms the last level; the dev server cuts every source's own maxzoom.
   * A number caps every source, a record the sources it names.
   */
  maxzoom?: number | Partial<Record<string, number>>;
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
  const roadColour = ['match', ['get', 'class'], ...ROAD_COLOURS.flat(), '#fbe3a1'];
  const roadWidth = (major: number, minor: number) => [
    'interpolate', ['linear'], ['zoom'],
    5, ['match', ['get', 'class'], ['motorway', 'trunk'], major * 0.3, minor * 0.2],
    10, ['match', ['get', 'class'], ['motorway', 'trunk'], major, minor],
    14, ['match', ['get', 'class'], ['motorway', 'trunk'], major * 2.5, minor * 2.5],
  ];
  return {
    version: 8,
    name: 'Road closures (local)',
    metadata: { 'road-closures:source': 'local' },
    sources: { roads: source('roads'), lga: source('lga'), places: source('places') },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f3f1ea' } },
      {
        id: 'lga-outline', type: 'line', source: 'lga', 'source-layer': 'lga',
        paint: { 'line-color': '#9a8fb0', 'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.5, 10, 1.5], 'line-dasharray': [3, 2] },
      },
      {
        id: 'roads-casing', type: 'line', source: 'roads', 'source-layer': 'roads', minzoom: 8,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#c9b48a', 'line-width': roadWidth(5, 3.6) },
      },
      {
        id: 'roads', type: 'line', source: 'roads', 'source-layer': 'roads',
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': roadColour, 'line-width': roadWidth(3.5, 2.4) },
      },
      {
        id: 'lga-label', type: 'symbol', source: 'lga', 'source-layer': 'lga', minzoom: 6, maxzoom: 10,
        layout: { 'text-field': ['get', 'lga_name'], 'text-font': FONT, 'text-size': 12, 'text-transform': 'uppercase', 'text-letter-spacing': 0.1 },
        paint: { 'text-color': '#7b6f93', 'text-halo-color': '#f3f1ea', 'text-halo-width': 1.5 },
      },
      {
        id: 'road-ref', type: 'symbol', source: 'roads', 'source-layer': 'roads', minzoom: 8,
        filter: ['has', 'ref'],
        layout: {
          'symbol-placement': 'line', 'symbol-spacing': 400, 'text-field': ['get', 'ref'], 'text-font': FONT, 'text-size': 10,
          'text-rotation-alignment': 'viewport',
        },
        paint: { 'text-color': '#ffffff', 'text-halo-color': '#2e6b3a', 'text-halo-width': 3 },
      },
      {
        id: 'road-name', type: 'symbol', source: 'roads', 'source-layer': 'roads', minzoom: 10,
        filter: ['has', 'name'],
        layout: { 'symbol-placement': 'line', 'text-field': ['get', 'name'], 'text-font': FONT, 'text-size': 11 },
        paint: { 'text-color': '#5a4a2a', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      },
      {
        id: 'place-label', type: 'symbol', source: 'places', 'source-layer': 'places', minzoom: 7,
        layout: {
          'text-field': ['get', 'name'], 'text-font': FONT,
          'text-size': ['interpolate', ['linear'], ['zoom'], 7, 10, 12, 14],
          'text-padding': 4,
        },
        paint: { 'text-color': '#1b2a3a', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      },
    ],
  };
}
