import type * as GeoJSON from 'geojson';
import type { GeoJSONSource, LayerSpecification, Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Bbox, LngLat } from '../geo';
import './map.css';
import { loadMapLibre, loadMapRequestHook } from '../maplibre-load';
import { cameraAt, cameraForBox, projectorFor, type Projector } from '../preview-projection';
import { MapPreview } from './MapPreview';

export interface MapViewport {
  bbox: Bbox;
  center: LngLat;
  zoom: number;
}

export interface MapViewProps {
  /** The base map style; a change (the saved base layer arriving) swaps it under the app's layers. */
  styleUrl: string;
  initialBbox: Bbox;
  /** GeoJSON per source id; a source is created on first sight and updated with setData afterwards. */
  sources: Record<string, GeoJSON.FeatureCollection>;
  /** Per source id, the credit the map's attribution corner shows while that source is drawn. */
  attributions?: Record<string, string>;
  layers: LayerSpecification[];
  clickLayers?: string[];
  label: string;
  onFeatureClick?(properties: Record<string, unknown>): void;
  onMapClick?(point: LngLat): void;
  onViewportChange?(viewport: MapViewport): void;
  /** Changing `key` moves the map to the point (list twin → map). */
  focus?: { key: string; center: LngLat; zoom?: number } | null;
  crosshair?: boolean;
  /**
   * The user's saved default zoom (/profile/map-view): the map opens on the middle of initialBbox
   * at this zoom instead of fitting the box. Applied once, also when it arrives after the map.
   */
  initialZoom?: number | null;
  /** Called once the map exists (the social-post map image reads its canvas). */
  onReady?(map: MapLibreMap): void;
  /**
   * Sources sent to the map's worker only once everything else is drawn (the LGA boundaries:
   * megabytes of GeoJSON that would otherwise hold the closures back for seconds).
   */
  lateSources?: string[];
  /**
   * The closures drawn at once as SVG (MapPreview) from these sources, until MapLibre has drawn any
   * of `layers` itself: MapLibre's worker takes a second or more to start on a slow device.
   */
  preview?: { lines: string; points: string; layers: string[] };
  /**
   * False while the page's first data is still coming: MapLibre's code (about a megabyte) is only
   * asked for once this turns true (or after ENGINE_LATEST_MS), because evaluating it blocks the
   * main thread the list and the preview need to show the closures.
   */
  startWhen?: boolean;
}

/** The latest MapLibre waits for `startWhen` (a list that never settles must not cost the map). */
const ENGINE_LATEST_MS = 3000;

/** The opening view fits the box with this padding (px). */
const FIT_PADDING = 24;

function viewportOf(map: MapLibreMap): MapViewport {
  const b = map.getBounds();
  const c = map.getCenter();
  return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], center: { lng: c.lng, lat: c.lat }, zoom: map.getZoom() };
}

/**
 * Sends the changed sources to the map (the late ones only once `settled`) and adds the layers
 * whose source is there, each under the layers listed after it.
 */
function syncOverlays(map: MapLibreMap, props: MapViewProps, sent: Map<string, GeoJSON.FeatureCollection>, settled: boolean): void {
  const late = props.lateSources ?? [];
  for (const [id, data] of Object.entries(props.sources)) {
    // Only changed sources are sent to the worker: re-sending the LGA bundle on every closure
    // update would queue every later update behind seconds of re-indexing.
    if (sent.get(id) === data || (!settled && late.includes(id))) continue;
    sent.set(id, data);
    const source = map.getSource(id) as GeoJSONSource | undefined;
    if (source) source.setData(data);
    else map.addSource(id, { type: 'geojson', data, attribution: props.attributions?.[id] });
  }
  props.layers.forEach((layer, index) => {
    if (map.getLayer(layer.id) || !('source' in layer) || !map.getSource(layer.source as string)) return;
    const before = props.layers.slice(index + 1).find((next) => map.getLayer(next.id));
    map.addLayer(layer, before?.id);
  });
}

/** The maplibre map with the app's sources and layers; everything it draws comes in as props. */
export function MapView(props: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  // The style is there: sources and layers can be added (before the base map's tiles are in).
  const [loaded, setLoaded] = useState(false);
  // Everything asked for so far is drawn: the late sources may go to the worker.
  const settled = useRef(false);
  const sent = useRef(new Map<string, GeoJSON.FeatureCollection>());
  const [failed, setFailed] = useState<string | null>(null);
  // Handlers change every render; the map's listeners read the latest through this ref.
  const handlers = useRef(props);
  handlers.current = props;
  const zoomApplied = useRef(false);
  const styleShown = useRef<string | null>(null);
  // The preview's projection: our own Mercator camera until the map exists, then the map's own
  // (which also follows a pan or zoom made before MapLibre has drawn).
  const [project, setProject] = useState<Projector | null>(null);
  const [previewDone, setPreviewDone] = useState(!props.preview);

  useLayoutEffect(() => {
    const el = container.current;
    if (!el || !props.preview || !el.clientWidth || !el.clientHeight) return;
    const [w, s, e, n] = props.initialBbox;
    const { clientWidth: width, clientHeight: height } = el;
    const camera = props.initialZoom != null ? cameraAt((w + e) / 2, (s + n) / 2, props.initialZoom) : cameraForBox(props.initialBbox, width, height, FIT_PADDING);
    const opening = projectorFor(camera, width, height);
    setProject((current: Projector | null) => current ?? opening);
    // Only the opening view is previewed; the map's own projection replaces this one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const [engineWanted, setEngineWanted] = useState(props.startWhen !== false);
  useEffect(() => {
    if (engineWanted) return;
    if (props.startWhen !== false) return setEngineWanted(true);
    const timer = setTimeout(() => setEngineWanted(true), ENGINE_LATEST_MS);
    return () => clearTimeout(timer);
  }, [engineWanted, props.startWhen]);

  useEffect(() => {
    if (!engineWanted) return;
    let map: MapLibreMap | null = null;
    let cancelled = false;
    Promise.all([loadMapLibre(), loadMapRequestHook()]).then(([{ Map: MapLibre, NavigationControl, ScaleControl }, transformRequest]) => {
      if (cancelled || !container.current) return;
      map = createMap(MapLibre, NavigationControl, ScaleControl, transformRequest);
    }, () => undefined);
    return () => {
      cancelled = true;
      map?.remove();
      mapRef.current = null;
    };
    // The map is created once; later prop changes go through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [engineWanted]);

  function createMap(
    MapLibre: typeof import('maplibre-gl').Map,
    NavigationControl: typeof import('maplibre-gl').NavigationControl,
    ScaleControl: typeof import('maplibre-gl').ScaleControl,
    transformRequest: (url: string) => { url: string },
  ): MapLibreMap {
    // The latest props: they may have changed while MapLibre was loading.
    const { initialBbox, initialZoom, styleUrl } = handlers.current;
    const [w, s, e, n] = initialBbox;
    const zoom = initialZoom ?? undefined;
    zoomApplied.current = zoom !== undefined;
    styleShown.current = styleUrl;
    const map = new MapLibre({
      container: container.current!,
      style: styleShown.current,
      ...(zoom !== undefined ? { center: [(w + e) / 2, (s + n) / 2] as [number, number], zoom } : { bounds: initialBbox, fitBoundsOptions: { padding: FIT_PADDING } }),
      attributionControl: { compact: true },
      keyboard: true,
      cooperativeGestures: false,
      // Only notes the base map's URLs for the offline cache of a first visit; requests stay as they are.
      transformRequest,
    });
    mapRef.current = map;
    // The browser tests place clicks with map.project, and the watch-zone tool (loaded only when
    // chosen) draws on the map through it: a prop down to here would cost the map's first load.
    (container.current as HTMLDivElement & { __map?: MapLibreMap }).__map = map;
    map.addControl(new NavigationControl({ visualizePitch: false }), 'top-right');
    map.addControl(new ScaleControl({ unit: 'metric' }), 'bottom-left');
    map.getCanvas().setAttribute('aria-label', `${handlers.current.label}. Use the arrow keys to pan and plus or minus to zoom.`);
    // The closures go to the worker the moment the style is in, ahead of the base map's tiles
    // (one worker parses both), not after those tiles are drawn ('load').
    map.once('style.load', () => {
      syncOverlays(map, handlers.current, sent.current, settled.current);
      container.current?.setAttribute('data-map-ready', 'true');
      setLoaded(true);
    });
    map.once('idle', () => {
      settled.current = true;
      syncOverlays(map, handlers.current, sent.current, true);
    });
    map.on('load', () => {
      setLoaded(true);
      handlers.current.onReady?.(map);
      handlers.current.onViewportChange?.(viewportOf(map));
    });
    watchPreview(map);
    map.on('error', (event: { error?: unknown; sourceId?: string }) => {
      // A missing tile is not worth a banner; a style that never loads is (overlays need it).
      if (event.sourceId || map.isStyleLoaded()) return;
      setFailed((event.error as Error | undefined)?.message ?? 'The map could not be loaded');
      // No 'load' comes without a style (offline, a first visit's base map not yet cached), but
      // the camera is known: what depends on the view (the LGA bar, its unsealed-roads banner,
      // the list's distances) need not wait for the person to move the map.
      handlers.current.onViewportChange?.(viewportOf(map));
    });
    map.on('moveend', () => handlers.current.onViewportChange?.(viewportOf(map)));
    map.on('click', (event: MapMouseEvent) => {
      const layers = (handlers.current.clickLayers ?? []).filter((id) => map.getLayer(id));
      const hit = layers.length ? map.queryRenderedFeatures(event.point, { layers })[0] : undefined;
      if (hit && handlers.current.onFeatureClick) handlers.current.onFeatureClick(hit.properties ?? {});
      else handlers.current.onMapClick?.({ lng: event.lngLat.lng, lat: event.lngLat.lat });
    });
    map.on('mousemove', (event: MapMouseEvent) => {
      if (handlers.current.crosshair) return;
      const layers = (handlers.current.clickLayers ?? []).filter((id) => map.getLayer(id));
      const over = layers.length > 0 && map.queryRenderedFeatures(event.point, { layers }).length > 0;
      map.getCanvas().style.cursor = over ? 'pointer' : '';
    });
    return map;
  }

  /** Hands the preview to the map's projection, and ends it once MapLibre has drawn a closure. */
  function watchPreview(map: MapLibreMap): void {
    const preview = handlers.current.preview;
    if (!preview) return;
    const follow = () =>
      setProject(() => (lng: number, lat: number): [number, number] => {
        const { x, y } = map.project([lng, lat]);
        return [x, y];
      });
    follow();
    const finish = () => {
      map.off('render', onRender);
      map.off('move', follow);
      setPreviewDone(true);
    };
    function onRender() {
      const layers = preview!.layers.filter((id) => map.getLayer(id));
      if (layers.length > 0 && map.queryRenderedFeatures({ layers }).length > 0) finish();
    }
    map.on('move', follow);
    map.on('render', onRender);
    // Everything is drawn (also when no closure is in view, so none can be found on the canvas).
    map.once('idle', finish);
  }

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded) return;
    syncOverlays(map, props, sent.current, settled.current);
    container.current?.setAttribute('data-map-ready', 'true');
  }, [loaded, props.sources, props.layers, props.lateSources]);

  // A focus asked for before the map exists (a /map?closure= link answered while MapLibre was
  // still loading) is applied once the map has loaded.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !props.focus) return;
    map.easeTo({ center: [props.focus.center.lng, props.focus.center.lat], zoom: Math.max(map.getZoom(), props.focus.zoom ?? 12), duration: 400 });
  }, [props.focus?.key, loaded]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const map = mapRef.current;
    const zoom = props.initialZoom;
    if (!map || zoom === null || zoom === undefined || zoomApplied.current) return;
    zoomApplied.current = true;
    const [w, s, e, n] = props.initialBbox;
    map.jumpTo({ center: [(w + e) / 2, (s + n) / 2], zoom });
  }, [props.initialZoom, loaded]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const map = mapRef.current;
    if (!map || styleShown.current === props.styleUrl) return;
    styleShown.current = props.styleUrl;
    // The new base style keeps the app's own sources (with their data) and layers on top.
    const own = (id: string) => id in handlers.current.sources || handlers.current.layers.some((l) => l.id === id);
    map.setStyle(props.styleUrl, {
      transformStyle: (previous, next) => ({
        ...next,
        sources: { ...next.sources, ...Object.fromEntries(Object.entries(previous?.sources ?? {}).filter(([id]) => own(id))) },
        layers: [...next.layers, ...(previous?.layers ?? []).filter((l) => own(l.id))],
      }),
    });
  }, [props.styleUrl, loaded]);

  useEffect(() => {
    const canvas = mapRef.current?.getCanvas();
    if (canvas) canvas.style.cursor = props.crosshair ? 'crosshair' : '';
  }, [props.crosshair]);

  return (
    <div className="map-view" role="region" aria-label={props.label}>
      <div ref={container} className="map-view__canvas" data-testid="map" />
      {props.preview && !previewDone && project && (
        <MapPreview lines={props.sources[props.preview.lines]} points={props.sources[props.preview.points]} project={project} />
      )}
      {failed && (
        <p className="map-view__error" role="alert">
          The base map could not be loaded ({failed}). Closures are still listed.
        </p>
      )}
    </div>
  );
}
