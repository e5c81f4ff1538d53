import type { ReactNode } from 'react';
import { HelpPopover } from '../../help/components/HelpPopover';
import type { LngLat } from '../../map/geo';
import { canFinishRegion, isDrawnByHand } from '../draft';
import type { LineDrawing } from '../hooks/useLineDrawing';
import './drawing.css';

interface Props {
  drawing: LineDrawing;
  /** The map's centre, where "Add point at map centre" puts a point (the keyboard's way to draw). */
  centre: LngLat | null;
  /** The page's own buttons (continue, cancel), after the drawing ones. */
  children?: ReactNode;
}

/**
 * What staff read and press while drawing a closure's line: how many points, the snap's refusal
 * with the offer to draw that stretch by hand, and undo, finish and "add point at map centre"
 * (with the arrow keys on the map, a way to draw without a mouse).
 */
export function DrawingControls({ drawing, centre, children }: Props) {
  const { draft, snapping, refusal } = drawing;
  const byHand = isDrawnByHand(draft.current);
  return (
    <>
      <p className="muted" style={{ margin: 0 }} aria-live="polite">
        {byHand
          ? 'Drawing by hand: click points along the road; the line is kept exactly as drawn. '
          : 'Click points along the road; each pair is snapped to the roads. '}
        {`Region ${draft.regions.length + 1}: ${draft.current.points.length} point(s). Finished regions: ${draft.regions.length}.`}
        {snapping && ' Snapping…'}
      </p>
      {refusal && (
        <div className="draw-panel__error">
          <p style={{ margin: 0 }}>
            <span role="alert">{refusal.message}</span>
            <HelpPopover topic="Snapping to roads" page="closure-administration">
              Each pair of points is joined along the roads. Points more than 10 km apart, points far from any road, or
              roads that do not connect cannot be joined: undo the last point, zoom in and click closer along the road. Where
              the map has no road (a town street, a farm track), draw the line by hand: it is kept exactly as you click it.
            </HelpPopover>
          </p>
          {refusal.refused && (
            <p className="draw-panel__offer">
              No road of the map here? Draw this stretch along the road by hand instead.{' '}
              <button type="button" className="map-button map-button--primary" onClick={drawing.drawByHand}>
                Draw by hand
              </button>
            </p>
          )}
        </div>
      )}
      <div className="draw-panel__actions">
        <button type="button" className="map-button" onClick={() => centre && void drawing.addPoint(centre)} disabled={snapping || !centre}>
          Add point at map centre
        </button>
        <button
          type="button"
          className="map-button"
          onClick={drawing.undo}
          disabled={snapping || (draft.current.points.length === 0 && draft.regions.length === 0)}
        >
          Undo last point
        </button>
        <button type="button" className="map-button" onClick={drawing.finishRegion} disabled={snapping || !canFinishRegion(draft)}>
          Finish region
        </button>
        {children}
      </div>
    </>
  );
}

/** The cross at the map's centre while drawing: where "Add point at map centre" puts the point. */
export function CentreMark() {
  return <div className="draw-centre-mark" aria-hidden="true" />;
}
