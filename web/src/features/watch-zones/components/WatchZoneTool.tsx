// "Watch an area", opened from the map (and loaded only then): a polygon drawn by clicking its
// corners, or by keyboard by moving the map and adding its centre as a corner; or a circle of a
// chosen radius around a searched place (the directions' place search), a map point or the
// person's location. Drawn on the map itself as a layer of its own; saved with an id made once per
// drawing, so a retried save makes one area.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as GeoJSON from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useToast } from '../../../components/toast/toast-context';
import { newActionKey } from '../../../lib/keyed-write';
// Through the route planner's chunk, which the map has loaded already: no new shared chunk for the map to list.
import { PlaceField, type Endpoint } from '../../directions/components/DirectionsPanel';
import type { LngLat } from '../../map/geo';
import { saveWatchZone, type WatchZoneDraft } from '../api/save-watch-zone';
import { circleRing, draftFeatures } from '../draft-shape';
import { useMapOnPage } from '../map-on-page';
import './watch-zone-tool.css';

const SOURCE = 'watch-zone-draft';
const LAYERS = [
  { id: 'watch-zone-draft-fill', type: 'fill', source: SOURCE, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': '#6a1b9a', 'fill-opacity': 0.15 } },
  { id: 'watch-zone-draft-line', type: 'line', source: SOURCE, filter: ['!=', ['geometry-type'], 'Point'], paint: { 'line-color': '#6a1b9a', 'line-width': 2.5, 'line-dasharray': [2, 1] } },
  { id: 'watch-zone-draft-corners', type: 'circle', source: SOURCE, filter: ['==', ['geometry-type'], 'Point'], paint: { 'circle-radius': 5, 'circle-color': '#fff', 'circle-stroke-color': '#6a1b9a', 'circle-stroke-width': 2 } },
] as const;
const RADII_KM = [1, 2, 5, 10, 15, 20, 25];

/** The draft on the map: added once the style is there, again after a base-map change, gone on close. */
function useDraftLayer(map: MapLibreMap | null, data: GeoJSON.FeatureCollection) {
  const latest = useRef(data);
  latest.current = data;
  useEffect(() => {
    if (!map) return;
    const show = () => {
      if (!map.isStyleLoaded()) return;
      const source = map.getSource(SOURCE) as GeoJSONSource | undefined;
      if (source) source.setData(latest.current);
      else map.addSource(SOURCE, { type: 'geojson', data: latest.current });
      for (const layer of LAYERS) if (!map.getLayer(layer.id)) map.addLayer(layer as never);
    };
    show();
    map.on('styledata', show);
    return () => {
      map.off('styledata', show);
      for (const layer of LAYERS) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map]);
  useEffect(() => {
    (map?.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(data);
  }, [map, data]);
}

/** A mark at the map's centre while drawing: where "Add the map's centre" puts a corner. */
function useCentreMark(map: MapLibreMap | null, shown: boolean) {
  useEffect(() => {
    if (!map || !shown) return;
    const mark = document.createElement('div');
    mark.className = 'watch-zone-centre';
    mark.setAttribute('aria-hidden', 'true');
    map.getContainer().appendChild(mark);
    return () => mark.remove();
  }, [map, shown]);
}

export function WatchZoneTool({ onClose }: { onClose(): void }) {
  const map = useMapOnPage();
  const id = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [zoneId] = useState(newActionKey);
  const [mode, setMode] = useState<'polygon' | 'circle'>('polygon');
  const [name, setName] = useState('');
  const [corners, setCorners] = useState<LngLat[]>([]);
  const [centre, setCentre] = useState<Endpoint | null>(null);
  const [picking, setPicking] = useState(false);
  const [radiusKm, setRadiusKm] = useState(5);
  const [problem, setProblem] = useState<string | null>(null);
  // Opened from a button that then goes: the tool's heading takes the focus, so a keyboard user goes on from there.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  // A click on the map adds a corner, or (picking) places the circle's centre.
  const onClick = useRef<(point: LngLat) => void>(() => undefined);
  onClick.current = (point) => {
    if (mode === 'polygon') setCorners((c) => [...c, point]);
    else if (picking) {
      setCentre({ label: `Map point (${point.lat.toFixed(4)}, ${point.lng.toFixed(4)})`, coordinate: point });
      setPicking(false);
    }
  };
  useEffect(() => {
    if (!map) return;
    const listener = (event: MapMouseEvent) => onClick.current({ lng: event.lngLat.lng, lat: event.lngLat.lat });
    map.on('click', listener);
    return () => void map.off('click', listener);
  }, [map]);

  const data = useMemo(
    () => (mode === 'polygon' ? draftFeatures(corners) : centre ? draftFeatures(circleRing(centre.coordinate, radiusKm * 1000), false) : draftFeatures([])),
    [mode, corners, centre, radiusKm],
  );
  useDraftLayer(map, data);
  useCentreMark(map, mode === 'polygon');

  const save = useMutation({
    mutationFn: (draft: WatchZoneDraft) => saveWatchZone(draft),
    onSuccess: (_, draft) => {
      // My subscriptions reads the list afresh (its key, watchZonesKey, written out: importing it
      // would make the list's module a chunk the map must list).
      void queryClient.invalidateQueries({ queryKey: ['watchZones'] });
      toast.show({ kind: 'success', message: `You are watching ${draft.name}. Choose how you hear about it under My subscriptions.` });
      onClose();
    },
    onError: (error: Error) => setProblem(error.message),
  });

  const submit = () => {
    setProblem(null);
    const label = name.trim() || (mode === 'circle' && centre ? `Around ${centre.label.split(',')[0]}` : 'My area');
    if (mode === 'polygon') {
      if (corners.length < 3) return setProblem('An area needs at least 3 corners that are not all on one line.');
      save.mutate({ id: zoneId, name: label, polygon: corners });
    } else {
      if (!centre) return setProblem('Choose the place the circle goes around.');
      save.mutate({ id: zoneId, name: label, center: centre.coordinate, radius: radiusKm * 1000, place: centre.label });
    }
  };

  return (
    <section className="watch-zone-tool panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>Watch an area</h2>
      <p className="muted">Closures that start, change or reopen inside it reach you. At most 50 km across; up to 5 areas.</p>
      <fieldset className="watch-zone-tool__mode">
        <legend>Shape</legend>
        <label>
          <input type="radio" name={`${id}-mode`} checked={mode === 'polygon'} onChange={() => setMode('polygon')} /> Draw on the map
        </label>
        <label>
          <input type="radio" name={`${id}-mode`} checked={mode === 'circle'} onChange={() => setMode('circle')} /> Around a place
        </label>
      </fieldset>
      {mode === 'polygon' ? (
        <div className="watch-zone-tool__draw">
          <p id={`${id}-how`} className="muted">
            Click the map at each corner. By keyboard: move the map with the arrow keys until the mark is on a corner, then choose Add the map&apos;s centre.
          </p>
          <p aria-live="polite">{corners.length === 1 ? '1 corner' : `${corners.length} corners`}</p>
          <div className="watch-zone-tool__buttons">
            <button type="button" className="map-button map-button--small" aria-describedby={`${id}-how`} disabled={!map} onClick={() => map && setCorners((c) => [...c, map.getCenter()].map(({ lng, lat }) => ({ lng, lat })))}>
              Add the map&apos;s centre
            </button>
            <button type="button" className="map-button map-button--small" disabled={corners.length === 0} onClick={() => setCorners((c) => c.slice(0, -1))}>
              Undo last corner
            </button>
            <button type="button" className="map-button map-button--small" disabled={corners.length === 0} onClick={() => setCorners([])}>
              Start again
            </button>
          </div>
        </div>
      ) : (
        <div className="watch-zone-tool__circle">
          <PlaceField label="Centre" value={centre} onChange={setCentre} picking={picking} onPickOnMap={() => setPicking((p) => !p)} />
          <label htmlFor={`${id}-radius`}>Radius</label>
          <select id={`${id}-radius`} value={radiusKm} onChange={(e) => setRadiusKm(Number(e.target.value))}>
            {RADII_KM.map((km) => (
              <option key={km} value={km}>{km} km</option>
            ))}
          </select>
        </div>
      )}
      <label htmlFor={`${id}-name`}>Name</label>
      <input id={`${id}-name`} type="text" maxLength={60} placeholder="Home, the farm, school…" value={name} onChange={(e) => setName(e.target.value)} />
      {problem && <p className="directions__error" role="alert">{problem}</p>}
      <div className="watch-zone-tool__buttons">
        <button type="button" className="amplify-button amplify-button--primary amplify-button--small" disabled={save.isPending} onClick={submit}>
          {save.isPending ? 'Saving…' : 'Watch this area'}
        </button>
        <button type="button" className="amplify-button amplify-button--small" onClick={onClose}>
          Cancel
        </button>
      </div>
      <p className="muted">Your areas and how you hear about them: <Link to="/subscriptions">My subscriptions</Link>.</p>
    </section>
  );
}
