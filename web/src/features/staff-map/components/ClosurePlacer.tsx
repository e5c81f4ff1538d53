import type * as GeoJSON from 'geojson';
import type { LayerSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useState } from 'react';
import { MapView } from '../../map/components/MapView';
import type { Bbox, LngLat } from '../../map/geo';
import { SOURCES } from '../../map/layers';
import { useSavedMapStyle } from '../../profile/hooks/useSavedProfile';
import type { PlacedRegion } from '../../reports/api/reports';
import { draftRegions, draftToFeatures } from '../draft';
import { useLineDrawing } from '../hooks/useLineDrawing';
import { DRAWING_LAYERS } from '../layers';
import { CentreMark, DrawingControls } from './DrawingControls';
import '../../map/components/map.css';

const REPORTED = 'app-placer-reported';
const PROPOSED = 'app-placer-proposed';

const PLACER_LAYERS: LayerSpecification[] = [
  {
    id: 'app-placer-proposed-line',
    type: 'line',
    source: PROPOSED,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': '#c62828', 'line-width': 6, 'line-opacity': 0.85 },
  },
  ...DRAWING_LAYERS,
  {
    id: 'app-placer-reported-point',
    type: 'circle',
    source: REPORTED,
    paint: { 'circle-color': '#6a1b9a', 'circle-radius': 7, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
  },
];

interface Props {
  /** Where the reports are (a cluster's centre, a report's position). */
  at: LngLat;
  /** The stretch of road the server proposes (GeoJSON text); null where no road is near, undefined while loading. */
  proposed: string | null | undefined;
  /** The line approving will create: the proposal, the moderator's drawing, or null when there is none yet. */
  onChange(regions: PlacedRegion[] | null): void;
}

/** About 400 m each way around the reports: close enough to see the streets. */
function boxAround(at: LngLat): Bbox {
  const dLat = 400 / 111_320;
  const dLng = dLat / Math.cos((at.lat * Math.PI) / 180);
  return [at.lng - dLng, at.lat - dLat, at.lng + dLng, at.lat + dLat];
}

const collection = (features: GeoJSON.Feature[]): GeoJSON.FeatureCollection => ({ type: 'FeatureCollection', features });

/**
 * Before a report becomes a public closure, the moderator sees where it will be: the proposed
 * stretch of road in red, or, where no road of the road map is near, nothing until they draw it.
 * They may draw the line themselves: snapped to the roads, or by hand where the snap refuses.
 */
export function ClosurePlacer({ at, proposed, onChange }: Props) {
  const style = useSavedMapStyle();
  const drawing = useLineDrawing();
  const [redrawing, setRedrawing] = useState(false);
  const [centre, setCentre] = useState<LngLat | null>(at);
  const drawn = draftRegions(drawing.draft);
  const usingProposal = Boolean(proposed) && !redrawing;
  const placingByHand = drawn.some((line) => line.drawnByHand);

  const regionsKey = JSON.stringify(drawn);
  useEffect(() => {
    if (usingProposal) onChange([{ geometry: proposed! }]);
    else onChange(drawn.length ? drawn.map((line) => ({ geometry: JSON.stringify(line.geometry), ...(line.drawnByHand ? { drawnByHand: true } : {}) })) : null);
    // regionsKey stands for the drawn lines.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [usingProposal, proposed, regionsKey]);

  const sources = useMemo(
    () => ({
      [REPORTED]: collection([{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [at.lng, at.lat] } }]),
      [PROPOSED]: collection(usingProposal && proposed ? [{ type: 'Feature', properties: {}, geometry: JSON.parse(proposed) as GeoJSON.LineString }] : []),
      [SOURCES.draft]: usingProposal ? collection([]) : draftToFeatures(drawing.draft),
    }),
    [at.lng, at.lat, usingProposal, proposed, drawing.draft],
  );
  const initialBbox = useMemo(() => boxAround(at), [at.lng, at.lat]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <section className="closure-placer panel" aria-labelledby="closure-placer-title">
      <h2 id="closure-placer-title">Where the closure goes</h2>
      {proposed === undefined ? (
        <p aria-busy="true">Finding the road…</p>
      ) : usingProposal ? (
        <p>
          Approving closes the stretch of road in red, near the reports (purple).{' '}
          <button type="button" className="rp-button rp-button--secondary" onClick={() => setRedrawing(true)}>
            Draw the closure instead
          </button>
        </p>
      ) : (
        <>
          <p>
            {proposed
              ? 'Draw the closed road on the map: click points along it.'
              : 'No road of the road map is near these reports. Draw the closed road on the map before approving: click points along it.'}{' '}
            {placingByHand && <span className="drawn-by-hand">Drawn by hand</span>}
          </p>
          <div className="draw-panel">
            <DrawingControls drawing={drawing} centre={centre}>
              {proposed && (
                <button type="button" className="map-button" onClick={() => { drawing.reset(); setRedrawing(false); }}>
                  Use the proposed road
                </button>
              )}
            </DrawingControls>
          </div>
        </>
      )}
      <div className="closure-placer__map">
        <MapView
          styleUrl={style}
          initialBbox={initialBbox}
          sources={sources}
          layers={PLACER_LAYERS}
          label="Map of where the closure goes"
          crosshair={!usingProposal}
          onMapClick={(point) => !usingProposal && proposed !== undefined && void drawing.addPoint(point)}
          onViewportChange={(viewport) => setCentre(viewport.center)}
        />
        {!usingProposal && proposed !== undefined && <CentreMark />}
      </div>
    </section>
  );
}

