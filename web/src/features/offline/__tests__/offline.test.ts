import { describe, expect, it } from 'vitest';
import type { MapClosure } from '../../map/api/closure-fields';
import { closuresInView, mergeSnapshot } from '../closure-snapshot';
import { importWithTimeout, isChunkLoadError } from '../app-update';
import { formatAsOf } from '../connectivity';

const closure = (id: string, updatedAt: number, lng = 148.0, lat = -33.4, extra: Partial<MapClosure> = {}): MapClosure => ({
  id, lgaCode: '12900', active: true, condition: 'closed', type: { value: 'flood', text: 'Flooding' }, reason: null,
  position: { lat, lng }, formattedAddress: null, regions: [], scheduledFor: null, estimatedReopening: null,
  openedAt: null, archivedAt: null, deletedAt: null, createdAt: 1, updatedAt, scheduled: false, ...extra,
});

describe('flood-mode snapshot', () => {
  it('keeps the newest copy of each closure and drops the least recently updated beyond the limit', () => {
    const merged = mergeSnapshot([closure('a', 10), closure('b', 20)], [closure('a', 30), closure('c', 5)], 2);
    expect(merged.map((c) => [c.id, c.updatedAt])).toEqual([['a', 30], ['b', 20]]);
  });

  it('replays only active closures that touch the view, by position or by any region vertex', () => {
    const line = JSON.stringify({ type: 'LineString', coordinates: [[150, -30], [148.01, -33.41]] });
    const outsideButRegionInside = closure('r', 1, 150, -30, { regions: [{ id: 'x', geometry: line }] });
    const inside = closure('in', 1);
    const far = closure('far', 1, 151, -34);
    const reopenedAndArchived = closure('old', 1, 148.0, -33.4, { archivedAt: 5 });
    const deleted = closure('del', 1, 148.0, -33.4, { active: false, deletedAt: 5 });
    const view = closuresInView([inside, far, outsideButRegionInside, reopenedAndArchived, deleted], [147.9, -33.5, 148.1, -33.3]);
    expect(view.map((c) => c.id).sort()).toEqual(['in', 'r']);
  });
});

describe('chunk loading', () => {
  it('recognises the failures of a lazy chunk or its CSS, not other errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('Unable to preload CSS for /assets/a.css'), { code: 'CSS_CHUNK_LOAD_FAILED' }))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Network error'))).toBe(false);
  });

  it('fails a chunk that takes longer than the timeout as a ChunkLoadError', async () => {
    const never = () => new Promise<never>(() => undefined);
    await expect(importWithTimeout(never, 20)).rejects.toMatchObject({ name: 'ChunkLoadError' });
    await expect(importWithTimeout(async () => 42, 20)).resolves.toBe(42);
  });
});

describe('last-online time', () => {
  it('shows the time alone today and the date with it on another day', () => {
    const now = new Date(2026, 10, 25, 15, 0).getTime();
    expect(formatAsOf(new Date(2026, 10, 25, 9, 5).getTime(), now)).toMatch(/^9:05\s?am$/i);
    expect(formatAsOf(new Date(2026, 10, 24, 9, 5).getTime(), now)).toMatch(/^24 Nov, 9:05\s?am$/i);
  });
});
