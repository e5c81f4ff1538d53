// The app's overlay layers as data (react-map-gl example style): MapView only wires sources to
// these. Colours come from the features' properties, set in closure-display.ts.
import type { LayerSpecification } from 'maplibre-gl';

export const SOURCES = {
  lgaBundle: 'app-lga-bundle',
  closureLines: 'app-closure-lines',
  closurePoints: 'app-closure-points',
  // The points again, for their symbols only: text waits for glyphs, and in a source of its own it
  // does not hold the points back (MapLibre finishes a source's tile with all its layers).
  closureSymbols: 'app-closure-point-symbols',
  draft: 'app-draft',
  route: 'app-route',
} as const;

const FONT = ['Noto Sans', 'DejaVu Sans', 'Liberation Sans', 'Arial', 'sans-serif'];

export const LGA_LAYERS: LayerSpecification[] = [
  {
    id: 'app-lga-home-fill',
    type: 'fill',
    source: SOURCES.lgaBundle,
    filter: ['==', ['get', 'home'], true],
    paint: { 'fill-color': '#3f51b5', 'fill-opacity': 0.05 },
  },
  {
    id: 'app-lga-line',
    type: 'line',
    source: SOURCES.lgaBundle,
    paint: {
      'line-color': ['case', ['==', ['get', 'home'], true], '#3f51b5', '#8c86a8'],
      'line-width': ['case', ['==', ['get', 'home'], true], 2, 0.8],
    },
  },
];

export const CLOSURE_LAYERS: LayerSpecification[] = [
  {
    id: 'app-closure-lines-halo',
    type: 'line',
    source: SOURCES.closureLines,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': '#ffffff', 'line-width': ['case', ['get', 'selected'], 12, 8], 'line-opacity': 0.9 },
  },
  {
    id: 'app-closure-lines',
    type: 'line',
    source: SOURCES.closureLines,
    filter: ['!=', ['get', 'state'], 'scheduled'],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': ['get', 'colour'], 'line-width': ['case', ['get', 'selected'], 8, 5] },
  },
  {
    id: 'app-closure-lines-scheduled',
    type: 'line',
    source: SOURCES.closureLines,
    filter: ['==', ['get', 'state'], 'scheduled'],
    paint: { 'line-color': ['get', 'colour'], 'line-width': ['case', ['get', 'selected'], 7, 4], 'line-dasharray': [2, 1.5] },
  },
  {
    id: 'app-closure-points',
    type: 'circle',
    source: SOURCES.closurePoints,
    paint: {
      'circle-color': ['get', 'colour'],
      'circle-radius': ['case', ['get', 'selected'], 13, 10],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  },
  {
    id: 'app-closure-symbols',
    type: 'symbol',
    source: SOURCES.closureSymbols,
    layout: { 'text-field': ['get', 'symbol'], 'text-font': FONT, 'text-size': 13, 'text-allow-overlap': true, 'text-ignore-placement': true },
    paint: { 'text-color': '#ffffff' },
  },
];

export const DRAFT_LAYERS: LayerSpecification[] = [
  {
    id: 'app-draft-lines',
    type: 'line',
    source: SOURCES.draft,
    filter: ['==', ['geometry-type'], 'LineString'],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': '#1565c0', 'line-width': 5, 'line-opacity': 0.85 },
  },
  {
    id: 'app-draft-points',
    type: 'circle',
    source: SOURCES.draft,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: { 'circle-color': '#ffffff', 'circle-radius': 6, 'circle-stroke-color': '#1565c0', 'circle-stroke-width': 3 },
  },
];

/** The directions route; listed before CLOSURE_LAYERS so closures draw on top of it. */
export const ROUTE_LAYERS: LayerSpecification[] = [
  {
    id: 'app-route-casing',
    type: 'line',
    source: SOURCES.route,
    filter: ['==', ['geometry-type'], 'LineString'],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': '#ffffff', 'line-width': 9, 'line-opacity': 0.9 },
  },
  {
    id: 'app-route-line',
    type: 'line',
    source: SOURCES.route,
    filter: ['==', ['geometry-type'], 'LineString'],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': '#6a1b9a', 'line-width': 5, 'line-opacity': 0.9 },
  },
  {
    id: 'app-route-ends',
    type: 'circle',
    source: SOURCES.route,
    filter: ['==', ['geometry-type'], 'Point'],
    // From green, To purple, the stops between them smaller.
    paint: { 'circle-color': ['case', ['==', ['get', 'end'], 'from'], '#2e7d32', '#6a1b9a'], 'circle-radius': ['case', ['==', ['get', 'end'], 'stop'], 5, 7], 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
  },
];

/** Layers a click may select a closure on. */
export const CLOSURE_CLICK_LAYERS = ['app-closure-points', 'app-closure-lines', 'app-closure-lines-scheduled'];

/** What MapView previews as SVG while MapLibre starts: the closures' lines and points. */
export const CLOSURE_PREVIEW = { lines: SOURCES.closureLines, points: SOURCES.closurePoints, layers: CLOSURE_CLICK_LAYERS };
