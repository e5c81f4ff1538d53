// The closure details kept for offline reading: at most CLOSURE_COPY_LIMIT (the least recently
// opened go), never a deleted closure, and each shown offline only to the person who read it
// (or to anyone, when read signed out).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClosureDetail } from '../../map/api/closure-fields';

const saved = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../offline-read', () => ({
  mayStore: () => true,
  readWithOfflineCopy: vi.fn(),
  offlineStore: () => ({
    get: async (key: string) => saved.get(key),
    setMany: async (entries: Record<string, unknown>) => Object.entries(entries).forEach(([k, v]) => saved.set(k, v)),
    deleteMany: async (keys: string[]) => keys.forEach((k) => saved.delete(k)),
    clear: async () => saved.clear(),
  }),
}));

import { CLOSURE_COPY_LIMIT, rememberClosureDetail, replayClosureDetail, touchCopies } from '../closure-copies';
import { setOfflineCopyOwner } from '../copy-owner';

const detail = (id: string, extra: Partial<ClosureDetail> = {}) => ({ id, deletedAt: null, media: [], ...extra }) as unknown as ClosureDetail;
const copies = () => [...saved.keys()].filter((k) => k.startsWith('closure:'));

describe('closure detail copies', () => {
  beforeEach(() => {
    saved.clear();
    setOfflineCopyOwner(null);
  });

  it('moves a reopened closure to the front and drops the least recently opened beyond the limit', () => {
    expect(touchCopies(['a', 'b', 'c'], 'c', 3)).toEqual({ kept: ['c', 'a', 'b'], dropped: [] });
    expect(touchCopies(['a', 'b', 'c'], 'd', 3)).toEqual({ kept: ['d', 'a', 'b'], dropped: ['c'] });
  });

  it(`keeps at most ${CLOSURE_COPY_LIMIT} on the device`, async () => {
    for (let i = 0; i < CLOSURE_COPY_LIMIT + 5; i++) await rememberClosureDetail(detail(`c${i}`));
    expect(copies()).toHaveLength(CLOSURE_COPY_LIMIT);
    expect(copies()).not.toContain('closure:c0');
    expect(copies()).toContain(`closure:c${CLOSURE_COPY_LIMIT + 4}`);
  });

  it('keeps no deleted closure, and forgets its earlier copy', async () => {
    await rememberClosureDetail(detail('x'));
    await rememberClosureDetail(detail('x', { deletedAt: 5 } as Partial<ClosureDetail>));
    expect(copies()).toEqual([]);
  });

  it("shows a signed-in reader's copy to them only", async () => {
    setOfflineCopyOwner('staff-uid');
    await rememberClosureDetail(detail('s'));
    expect((await replayClosureDetail('s'))?.value?.id).toBe('s');
    setOfflineCopyOwner('someone-else');
    expect(await replayClosureDetail('s')).toBeNull();
    setOfflineCopyOwner(null);
    expect(await replayClosureDetail('s')).toBeNull();
  });

  it('keeps nothing from a read that ends after its reader signed out', async () => {
    setOfflineCopyOwner('staff-uid');
    const reader = 'staff-uid';
    setOfflineCopyOwner(null);
    await rememberClosureDetail(detail('late'), reader);
    expect(copies()).toEqual([]);
  });
});
