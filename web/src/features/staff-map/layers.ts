// The drawing's extra layer: a line drawn by hand shows dashed over the draft's blue line, so staff
// see which stretches are kept as clicked rather than snapped to a road.
import type { LayerSpecification } from 'maplibre-gl';
import { DRAFT_LAYERS, SOURCES } from '../map/layers';

export const HAND_DRAWN_DRAFT_LAYER: LayerSpecification = {
  id: 'app-draft-lines-by-hand',
  type: 'line',
  source: SOURCES.draft,
  filter: ['all', ['==', ['geometry-type'], 'LineString'], ['==', ['get', 'drawnByHand'], true]],
  layout: { 'line-cap': 'butt', 'line-join': 'round' },
  paint: { 'line-color': '#ffffff', 'line-width': 2, 'line-dasharray': [2, 2] },
};

/** The draft's layers with the dashes of hand-drawn lines on top of the lines, under the points. */
export const DRAWING_LAYERS: LayerSpecification[] = [DRAFT_LAYERS[0], HAND_DRAWN_DRAFT_LAYER, ...DRAFT_LAYERS.slice(1)];
