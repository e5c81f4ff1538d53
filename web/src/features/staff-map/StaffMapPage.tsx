import { useMutation } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { useToast } from '../../components/toast/toast-context';
import { ApiError } from '../../lib/api';
import { useAuth } from '../auth/auth-provider';
import { isValidCustomerStatus } from '../auth/access';
import type { RouteDef } from '../routing/route-table';
import { createClosure, snapToRoads } from '../map/api/closures';
import { HelpPopover } from '../help/components/HelpPopover';
import { ClosureExplorer, type DraftOverlay } from '../map/components/ClosureExplorer';
import { FALLBACK_LGA, type LngLat } from '../map/geo';
import { useApplyClosureChange } from '../map/hooks/useLiveClosures';
import { DRAFT_LAYERS } from '../map/layers';
import { NewClosureForm, type NewClosureValues } from './components/NewClosureForm';
import { StaffClosureActions } from './components/StaffClosureActions';
import {
  addFirstPoint, addSnappedPoint, canFinishRegion, draftRegions, draftToFeatures, emptyDraft, finishRegion, undoLastPoint, type Draft,
} from './draft';

type Mode = 'idle' | 'drawing' | 'details';

/** Spec §8: the three known snap failures carry their own text; anything else says what failed. */
function snapMessage(error: unknown): string {
  if (error instanceof ApiError && error.errorType === 'ValidationError') return error.message;
  const e = error as ApiError;
  return `Unable to snap to roads: ${e.errorType ?? 'Error'} ${e.message ?? String(error)}`;
}

const SNAP_ERROR_TOAST = 'staff-map:snap-error';

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
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [snapError, setSnapError] = useState<string | null>(null);
  const [snapping, setSnapping] = useState(false);
  const snappingRef = useRef(false);

  const create = useMutation({
    mutationFn: (values: NewClosureValues) =>
      createClosure({
        lgaCode: values.lgaCode,
        type: values.type,
        ...(values.reason ? { reason: values.reason } : {}),
        ...(values.detour ? { detour: values.detour } : {}),
        regions: draftRegions(draft).map((line) => ({ geometry: JSON.stringify(line) })),
        ...(values.scheduledFor ? { scheduledFor: values.scheduledFor } : {}),
        ...(values.estimatedReopening ? { estimatedReopening: values.estimatedReopening } : {}),
      }),
    onSuccess: (closure) => {
      apply(closure);
      toast.show({ kind: 'success', message: 'The closure was created.' });
      setDraft(emptyDraft());
      setMode('idle');
    },
  });

  // The snap error shows in the panel and as a toast; both go once the drawing moves on.
  const clearSnapError = () => {
    setSnapError(null);
    toast.dismiss(SNAP_ERROR_TOAST);
  };

  const addPoint = async (point: LngLat) => {
    if (snappingRef.current) return;
    const last = draft.current.points[draft.current.points.length - 1];
    if (!last) {
      clearSnapError();
      setDraft((d) => addFirstPoint(d, point));
      return;
    }
    snappingRef.current = true;
    setSnapping(true);
    try {
      const line = await snapToRoads([last, point]);
      clearSnapError();
      setDraft((d) => addSnappedPoint(d, point, line.coordinates));
    } catch (error) {
      const message = snapMessage(error);
      setSnapError(message);
      toast.show({ kind: 'error', message, key: SNAP_ERROR_TOAST });
    } finally {
      snappingRef.current = false;
      setSnapping(false);
    }
  };

  const regionsReady = draftRegions(draft).length;
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
          <p className="muted" style={{ margin: 0 }} aria-live="polite">
            Click points along the road; each pair is snapped to the roads.{' '}
            {`Region ${draft.regions.length + 1}: ${draft.current.points.length} point(s). Finished regions: ${draft.regions.length}.`}
            {snapping && ' Snapping…'}
          </p>
          {snapError && (
            <p className="draw-panel__error">
              <span role="alert">{snapError}</span>
              <HelpPopover topic="Snapping to roads" page="closure-administration">
                Each pair of points is joined along the roads. Points more than 10 km apart, points far from any road, or
                roads that do not connect cannot be joined: undo the last point, zoom in and click closer along the road.
              </HelpPopover>
            </p>
          )}
          <div className="draw-panel__actions">
            <button type="button" className="map-button" onClick={() => { clearSnapError(); setDraft(undoLastPoint); }} disabled={snapping || (draft.current.points.length === 0 && draft.regions.length === 0)}>
              Undo last point
            </button>
            <button type="button" className="map-button" onClick={() => { clearSnapError(); setDraft(finishRegion); }} disabled={snapping || !canFinishRegion(draft)}>
              Finish region
            </button>
            <button type="button" className="map-button map-button--primary" onClick={() => setMode('details')} disabled={snapping || regionsReady === 0}>
              Continue to details
            </button>
            <button type="button" className="map-button map-button--danger" onClick={() => { setDraft(emptyDraft()); clearSnapError(); setMode('idle'); }}>
              Cancel
            </button>
          </div>
        </>
      )}
      {mode === 'details' && (
        <>
          <h2>New closure: details</h2>
          <p className="muted" style={{ margin: '0 0 8px' }}>{regionsReady} region(s) drawn.</p>
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
    layers: DRAFT_LAYERS,
    drawing: mode === 'drawing',
    onMapClick: (point) => void addPoint(point),
    panel,
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
