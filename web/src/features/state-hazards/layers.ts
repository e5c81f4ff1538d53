// How the state's hazards are drawn, apart from a council's closures: teal (no council closure
// state uses it), a dashed stretch where lanes are affected and a solid one where the road is
// closed, and a ringed point with "!" (the legend beside the list says the same).
import type { LayerSpecification } from 'maplibre-gl';

export const STATE_COLOUR = '#00697a';
export const HAZARD_SOURCES = { lines: 'app-state-hazard-lines', points: 'app-state-hazard-points' } as const;

const FONT = ['Noto Sans', 'DejaVu Sans', 'Liberation Sans', 'Arial', 'sans-serif'];

export const HAZARD_LAYERS: LayerSpecification[] = [
  {
    id: 'app-state-hazard-lines-halo',
    type: 'line',
    source: HAZARD_SOURCES.lines,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': '#ffffff', 'line-width': ['case', ['get', 'selected'], 11, 7], 'line-opacity': 0.9 },
  },
  {
    id: 'app-state-hazard-lines',
    type: 'line',
    source: HAZARD_SOURCES.lines,
    filter: ['==', ['get', 'closesRoad'], true],
    paint: { 'line-color': STATE_COLOUR, 'line-width': ['case', ['get', 'selected'], 7, 4] },
  },
  {
    id: 'app-state-hazard-lines-lanes',
    type: 'line',
    source: HAZARD_SOURCES.lines,
    filter: ['!=', ['get', 'closesRoad'], true],
    paint: { 'line-color': STATE_COLOUR, 'line-width': ['case', ['get', 'selected'], 7, 4], 'line-dasharray': [1, 1] },
  },
  {
    id: 'app-state-hazard-points',
    type: 'circle',
    source: HAZARD_SOURCES.points,
    paint: {
      'circle-color': '#ffffff',
      'circle-radius': ['case', ['get', 'selected'], 11, 8],
      'circle-stroke-color': STATE_COLOUR,
      'circle-stroke-width': 4,
    },
  },
  {
    id: 'app-state-hazard-symbols',
    type: 'symbol',
    source: HAZARD_SOURCES.points,
    layout: { 'text-field': '!', 'text-font': FONT, 'text-size': 13, 'text-allow-overlap': true, 'text-ignore-placement': true },
    paint: { 'text-color': STATE_COLOUR },
  },
];

/** Layers a click may select a hazard on (their features carry `hazardId`). */
export const HAZARD_CLICK_LAYERS = ['app-state-hazard-points', 'app-state-hazard-lines', 'app-state-hazard-lines-lanes'];
