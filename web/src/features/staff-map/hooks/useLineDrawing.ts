// Drawing a closure's line on a map, shared by the staff map's new closure and the moderators'
// approval: each click is snapped to the roads; when the snap refuses (no road of the road graph
// near, or none joining the points), staff may draw that stretch by hand, and the region's later
// points are joined straight, kept exactly as clicked (docs/web-app.md#drawing-a-closure).
import { useRef, useState } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api';
import { snapToRoads } from '../../map/api/closures';
import type { LngLat } from '../../map/geo';
import { addFirstPoint, addPointByHand, addSnappedPoint, emptyDraft, finishRegion, isDrawnByHand, undoLastPoint, type Draft } from '../draft';

/** Spec §8: the three known snap failures carry their own text; anything else says what failed. */
function snapMessage(error: unknown): string {
  if (error instanceof ApiError && error.errorType === 'ValidationError') return error.message;
  const e = error as ApiError;
  return `Unable to snap to roads: ${e.errorType ?? 'Error'} ${e.message ?? String(error)}`;
}

/** The snap's refusals a line drawn by hand answers: no road near, or none joining the points (not points 10 km apart). */
const mayDrawByHand = (error: unknown) => error instanceof ApiError && error.errorType === 'ValidationError' && !/more than 10km/.test(error.message);

const SNAP_ERROR_TOAST = 'staff-map:snap-error';

export interface SnapRefusal {
  message: string;
  /** The point the snap refused, kept for drawing by hand; absent when drawing by hand would not help. */
  refused?: LngLat;
}

export function useLineDrawing() {
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [refusal, setRefusal] = useState<SnapRefusal | null>(null);
  const [snapping, setSnapping] = useState(false);
  const snappingRef = useRef(false);
  // The latest draft for a click that lands while React has not re-rendered yet.
  const draftRef = useRef(draft);
  draftRef.current = draft;

  // The snap error shows in the panel and as a toast; both go once the drawing moves on.
  const clearRefusal = () => {
    setRefusal(null);
    toast.dismiss(SNAP_ERROR_TOAST);
  };

  const addPoint = async (point: LngLat) => {
    if (snappingRef.current) return;
    const current = draftRef.current.current;
    const last = current.points[current.points.length - 1];
    if (!last || isDrawnByHand(current)) {
      clearRefusal();
      setDraft((d) => (last ? addPointByHand(d, point) : addFirstPoint(d, point)));
      return;
    }
    snappingRef.current = true;
    setSnapping(true);
    try {
      const line = await snapToRoads([last, point]);
      clearRefusal();
      setDraft((d) => addSnappedPoint(d, point, line.coordinates));
    } catch (error) {
      const message = snapMessage(error);
      setRefusal({ message, ...(mayDrawByHand(error) ? { refused: point } : {}) });
      toast.show({ kind: 'error', message, key: SNAP_ERROR_TOAST });
    } finally {
      snappingRef.current = false;
      setSnapping(false);
    }
  };

  /** Joins the refused point straight to the line: this region is drawn by hand from now on. */
  const drawByHand = () => {
    const point = refusal?.refused;
    if (!point) return;
    clearRefusal();
    setDraft((d) => addPointByHand(d, point));
  };

  return {
    draft,
    snapping,
    refusal,
    addPoint,
    drawByHand,
    undo: () => {
      clearRefusal();
      setDraft(undoLastPoint);
    },
    finishRegion: () => {
      clearRefusal();
      setDraft(finishRegion);
    },
    reset: () => {
      clearRefusal();
      setDraft(emptyDraft());
    },
  };
}

export type LineDrawing = ReturnType<typeof useLineDrawing>;
