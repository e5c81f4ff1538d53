import type * as GeoJSON from 'geojson';
import { useMemo, useState, type ReactNode } from 'react';
import type { LayerSpecification } from 'maplibre-gl';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toast-context';
import type { MapClosure } from '../api/closure-fields';
import { closuresToFeatures } from '../closure-display';
import type { LngLat } from '../geo';
import { useClosuresInBounds } from '../hooks/useClosuresInBounds';
import { useLgaBoundaries } from '../hooks/useLgaBoundaries';
import { useLiveClosures } from '../hooks/useLiveClosures';
import { CLOSURE_CLICK_LAYERS, CLOSURE_LAYERS, CLOSURE_PREVIEW, LGA_LAYERS, SOURCES } from '../layers';
import { ClosureDetailPanel } from './ClosureDetailPanel';
import { ClosureList } from './ClosureList';
import { MapView, type MapViewport } from './MapView';
import { OfflineSnapshotNotice } from '../../offline/components/OfflineSnapshotNotice';
import { useSavedMapOptions, useSavedMapStyle } from '../../profile/hooks/useSavedProfile';

export interface DraftOverlay {
  source: GeoJSON.FeatureCollection;
  layers: LayerSpecification[];
  /** While drawing, map clicks add points instead of selecting closures. */
  drawing: boolean;
  onMapClick(point: LngLat): void;
  panel: ReactNode;
  /** Told where the map is after every move (drawing by keyboard adds points at its centre). */
  onViewportChange?(viewport: MapViewport): void;
  /** Drawn over the map while drawing (the centre mark). */
  mapOverlay?: ReactNode;
}

interface Props {
  label: string;
  homeLgaCode: string;
  includeScheduled: boolean;
  /** Only closures of these LGAs (staff map); null shows every LGA's. */
  lgaCodes?: string[] | null;
  detailActions?(closure: MapClosure, deselect: () => void): ReactNode;
  draft?: DraftOverlay;
}

/** Map + list twin + detail panel over live viewport closures: the body of every map page. */
export function ClosureExplorer({ label, homeLgaCode, includeScheduled, lgaCodes = null, detailActions, draft }: Props) {
  // Every signed-in user's map opens at their saved zoom (/profile/map-view).
  const savedMap = useSavedMapOptions();
  const mapStyle = useSavedMapStyle();
  const toast = useToast();
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  const lga = useLgaBoundaries(homeLgaCode, true, viewport?.bbox ?? null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ key: string; center: LngLat } | null>(null);
  const closures = useClosuresInBounds(viewport?.bbox ?? null, includeScheduled);
  useLiveClosures(useMemo(() => () => toast.show({ kind: 'warning', message: 'Live updates are paused: the connection was lost.' }), [toast]));

  const visible = useMemo(() => {
    const all = closures.data ?? [];
    return lgaCodes ? all.filter((c) => lgaCodes.includes(c.lgaCode)) : all;
  }, [closures.data, lgaCodes]);
  const selected = visible.find((c) => c.id === selectedId) ?? null;

  const draftSource = draft?.source;
  const sources = useMemo(() => {
    const features = closuresToFeatures(visible, Math.floor(Date.now() / 1000), selectedId);
    return {
      ...(lga.source ? { [SOURCES.lgaBundle]: lga.source } : {}),
      [SOURCES.closureLines]: features.lines,
      [SOURCES.closurePoints]: features.points,
      [SOURCES.closureSymbols]: features.points,
      ...(draftSource ? { [SOURCES.draft]: draftSource } : {}),
    };
  }, [visible, selectedId, lga.source, draftSource]);
  const layers = useMemo(() => [...LGA_LAYERS, ...CLOSURE_LAYERS, ...(draft?.layers ?? [])], [draft?.layers]);

  if (!lga.ready) return <PageLoader />;

  const select = (closure: MapClosure) => {
    setSelectedId(closure.id);
    setFocus({ key: `${closure.id}:${Date.now()}`, center: closure.position });
  };

  return (
    <div className="closure-explorer">
      <div className="closure-explorer__map">
        <MapView
          styleUrl={mapStyle}
          initialBbox={lga.homeBbox}
          initialZoom={savedMap?.zoom}
          sources={sources}
          layers={layers}
          preview={CLOSURE_PREVIEW}
          clickLayers={draft?.drawing ? [] : CLOSURE_CLICK_LAYERS}
          label={label}
          crosshair={draft?.drawing}
          focus={focus}
          onViewportChange={(v) => {
            setViewport(v);
            draft?.onViewportChange?.(v);
          }}
          onFeatureClick={(properties) => setSelectedId(String(properties.id))}
          onMapClick={(point) => (draft?.drawing ? draft.onMapClick(point) : setSelectedId(null))}
        />
        {draft?.drawing && draft.mapOverlay}
      </div>
      <aside className="closure-explorer__side">
        {draft?.panel}
        {selected && !draft?.drawing && (
          <ClosureDetailPanel closure={selected} onClose={() => setSelectedId(null)} actions={detailActions?.(selected, () => setSelectedId(null))} />
        )}
        <OfflineSnapshotNotice />
        {closures.isError && <p role="alert" className="closure-list__error">Failed to load closures: {(closures.error as Error).message}</p>}
        <ClosureList closures={visible} center={viewport?.center ?? null} selectedId={selectedId} loading={closures.isPending || !viewport} onSelect={select} />
      </aside>
    </div>
  );
}
