import { describe, expect, it } from 'vitest';
import {
  addFirstPoint, addPointByHand, addSnappedPoint, canFinishRegion, draftRegions, draftToFeatures, emptyDraft, finishRegion, isDrawnByHand, undoLastPoint,
} from '../../../web/src/features/staff-map/draft';

const A = { lng: 148.01, lat: -33.33 };
const B = { lng: 148.015, lat: -33.315 };
const C = { lng: 148.02, lat: -33.3 };
const D = { lng: 148.025, lat: -33.298 };
const AB = [[148.0101, -33.3301], [148.0125, -33.322], [148.0151, -33.3151]];
const BC = [[148.0151, -33.3151], [148.0201, -33.3001]];

describe('closure drawing', () => {
  it('joins snapped segments into one region line without repeating the joins', () => {
    const d = addSnappedPoint(addSnappedPoint(addFirstPoint(emptyDraft(), A), B, AB), C, BC);
    expect(draftRegions(d)).toEqual([{ geometry: { type: 'LineString', coordinates: [...AB, BC[1]] }, drawnByHand: false }]);
  });

  it('after the snap refuses, joins the next points straight, exactly as clicked, and marks the region drawn by hand', () => {
    const snapped = addSnappedPoint(addFirstPoint(emptyDraft(), A), B, AB);
    const d = addPointByHand(addPointByHand(snapped, C), D);
    expect(draftRegions(d)).toEqual([
      { geometry: { type: 'LineString', coordinates: [...AB, [C.lng, C.lat], [D.lng, D.lat]] }, drawnByHand: true },
    ]);
    expect(isDrawnByHand(d.current)).toBe(true);
    expect(draftToFeatures(d).features[0].properties).toEqual({ drawnByHand: true });
    // Undoing every point drawn by hand takes the region back to snapping.
    expect(isDrawnByHand(undoLastPoint(undoLastPoint(d)).current)).toBe(false);
    expect(isDrawnByHand(undoLastPoint(d).current)).toBe(true);
  });

  it('a region drawn by hand from its first point is a straight line through the clicks', () => {
    const d = addPointByHand(addPointByHand(emptyDraft(), A), B);
    expect(draftRegions(d)).toEqual([{ geometry: { type: 'LineString', coordinates: [[A.lng, A.lat], [B.lng, B.lat]] }, drawnByHand: true }]);
  });

  it('needs a snapped segment before a region can be finished', () => {
    const one = addFirstPoint(emptyDraft(), A);
    expect(canFinishRegion(one)).toBe(false);
    expect(finishRegion(one)).toBe(one);
    expect(draftRegions(one)).toEqual([]);
  });

  it('keeps several regions per closure', () => {
    let d = finishRegion(addSnappedPoint(addFirstPoint(emptyDraft(), A), B, AB));
    d = addSnappedPoint(addFirstPoint(d, B), C, BC);
    expect(draftRegions(d)).toHaveLength(2);
    expect(d.regions).toHaveLength(1);
  });

  it('undo drops the last point and its segment, then reopens a finished region', () => {
    const d = addSnappedPoint(addFirstPoint(emptyDraft(), A), B, AB);
    const undone = undoLastPoint(d);
    expect(undone.current.points).toEqual([A]);
    expect(undone.current.segments).toEqual([]);
    const reopened = undoLastPoint(finishRegion(d));
    expect(reopened.regions).toEqual([]);
    expect(reopened.current.points).toEqual([A]);
  });

  it('shows the drawn lines and the clicked points of the region in progress', () => {
    const d = addSnappedPoint(addFirstPoint(emptyDraft(), A), B, AB);
    const types = draftToFeatures(d).features.map((f) => f.geometry.type);
    expect(types).toEqual(['LineString', 'Point', 'Point']);
  });
});
