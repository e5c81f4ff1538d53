import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { useToast } from '../../components/toast/toast-context';
import { useAuth } from '../auth/auth-provider';
import { isValidCustomerStatus } from '../auth/access';
import type { RouteDef } from '../routing/route-table';
import { createClosure } from '../map/api/closures';
import { ClosureExplorer, type DraftOverlay } from '../map/components/ClosureExplorer';
import { FALLBACK_LGA, type LngLat } from '../map/geo';
import { useApplyClosureChange } from '../map/hooks/useLiveClosures';
import { NewClosureForm, type NewClosureValues } from './components/NewClosureForm';
import { StaffClosureActions } from './components/StaffClosureActions';
import { CentreMark, DrawingControls } from './components/DrawingControls';
import { draftRegions, draftToFeatures } from './draft';
import { useLineDrawing } from './hooks/useLineDrawing';
import { DRAWING_LAYERS } from './layers';

// The moderators' map for placing a closure shares this page's drawing code and its chunk: one
// lazy chunk between them, and nothing more for the app shell to list.
export { ClosurePlacer } from './components/ClosurePlacer';

type Mode = 'idle' | 'drawing' | 'details';

export function StaffMapPage({ def }: { def: RouteDef }) {
  const { me } = useAuth();
  const toast = useToast();
  const apply = useApplyClosureChange();
  const managed = useMemo(
    () => (me?.managed ?? []).filter((l) => isValidCustomerStatus(l.customerStatus) && l.roles.includes('closure_administrator')),
    [me],
  );
  const lgaCodes = useMemo(() => (me?.managed ?? []).map((l) => l.lgaCode), [me]);
  const [mode, setMode] = useState<Mode>('idle');
  const drawing = useLineDrawing();
  const { draft, snapping } = drawing;
  const [centre, setCentre] = useState<LngLat | null>(null);

  const create = useMutation({
    mutationFn: (values: NewClosureValues) =>
      createClosure({
        lgaCode: values.lgaCode,
        type: values.type,
        ...(values.reason ? { reason: values.reason } : {}),
        ...(values.detour ? { detour: values.detour } : {}),
        // A line drawn by hand is sent as drawn, and says so (the server keeps it exactly).
        regions: draftRegions(draft).map((line) => ({ geometry: JSON.stringify(line.geometry), ...(line.drawnByHand ? { drawnByHand: true } : {}) })),
        ...(values.scheduledFor ? { scheduledFor: values.scheduledFor } : {}),
        ...(values.estimatedReopening ? { estimatedReopening: values.estimatedReopening } : {}),
      }),
    onSuccess: (closure) => {
      apply(closure);
      toast.show({ kind: 'success', message: 'The closure was created.' });
      drawing.reset();
      setMode('idle');
    },
  });

  const regionsReady = draftRegions(draft).length;
  const byHand = draftRegions(draft).filter((line) => line.drawnByHand).length;

  const panel = (
    <section className="draw-panel" aria-label="Draw a closure">
      {mode === 'idle' && (
        <>
          <h2>Closures of your LGAs</h2>
          <button type="button" className="map-button map-button--primary" onClick={() => setMode('drawing')} disabled={managed.length === 0}>
            New closure
          </button>
          {managed.length === 0 && <p className="muted">You need the closure administrator role to create closures.</p>}
        </>
      )}
      {mode === 'drawing' && (
        <>
          <h2>New closure: draw the closed roads</h2>
          <DrawingControls drawing={drawing} centre={centre}>
            <button type="button" className="map-button map-button--primary" onClick={() => setMode('details')} disabled={snapping || regionsReady === 0}>
              Continue to details
            </button>
            <button type="button" className="map-button map-button--danger" onClick={() => { drawing.reset(); setMode('idle'); }}>
              Cancel
            </button>
          </DrawingControls>
        </>
      )}
      {mode === 'details' && (
        <>
          <h2>New closure: details</h2>
          <p className="muted" style={{ margin: '0 0 8px' }}>
            {regionsReady} region(s) drawn{byHand > 0 && <>, {byHand} of them <span className="drawn-by-hand">Drawn by hand</span></>}.
          </p>
          <NewClosureForm
            lgaCodes={managed.map((l) => ({ code: l.lgaCode, name: l.lgaName ?? l.lgaCode }))}
            busy={create.isPending}
            error={create.error ? create.error.message : null}
            onSubmit={(values) => create.mutate(values)}
            onBack={() => setMode('drawing')}
          />
        </>
      )}
    </section>
  );

  const draftSource = useMemo(() => draftToFeatures(draft), [draft]);
  const overlay: DraftOverlay = {
    source: draftSource,
    layers: DRAWING_LAYERS,
    drawing: mode === 'drawing',
    onMapClick: (point) => void drawing.addPoint(point),
    panel,
    onViewportChange: (viewport) => setCentre(viewport.center),
    mapOverlay: <CentreMark />,
  };

  return (
    <div className="map-page">
      <PageHeader title={def.title} />
      <ClosureExplorer
        label="Staff map of road closures"
        homeLgaCode={managed[0]?.lgaCode ?? me?.managed[0]?.lgaCode ?? me?.lgaCode ?? FALLBACK_LGA}
        includeScheduled
        lgaCodes={lgaCodes}
        draft={overlay}
        detailActions={(closure, deselect) => <StaffClosureActions closure={closure} onDeleted={deselect} />}
      />
    </div>
  );
}
