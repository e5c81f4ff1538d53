// The offline report queue: nothing is sent while offline; the connection's return sends each
// report once with its own idempotency key (the same key on every attempt); a refusal is kept
// with its message; another user's reports stay put.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';

const stored = new Map<string, unknown>();
vi.mock('../api/store', () => ({
  queueStore: {
    all: async () => [...stored.values()].map((v) => structuredClone(v)),
    put: async (r: { key: string }) => void stored.set(r.key, structuredClone(r)),
    remove: async (key: string) => void stored.delete(key),
  },
}));
const submitReport = vi.fn();
const uploadPhoto = vi.fn();
vi.mock('../../reports/api/reports', () => ({
  submitReport: (...args: unknown[]) => submitReport(...args),
  uploadPhoto: (...args: unknown[]) => uploadPhoto(...args),
}));

const nav = { onLine: true };
vi.stubGlobal('navigator', nav);

const { getQueue, loadQueue, queueReport, sendQueuedReports } = await import('../api/queue');
const spot = { lat: -33.4, lng: 148.0 };

beforeEach(async () => {
  stored.clear();
  submitReport.mockReset();
  uploadPhoto.mockReset();
  nav.onLine = true;
  await loadQueue('user-a');
});

describe('the offline report queue', () => {
  it('waits while offline, then sends once with the report key, photos first', async () => {
    nav.onLine = false;
    const key = await queueReport('user-a', { type: 'flood', position: spot }, [new File(['x'], 'a.jpg', { type: 'image/jpeg' })]);
    expect(await sendQueuedReports()).toBe(1);
    expect(submitReport).not.toHaveBeenCalled();
    expect(getQueue().map((e) => e.state)).toEqual(['waiting']);

    nav.onLine = true;
    uploadPhoto.mockResolvedValue('media-1');
    submitReport.mockResolvedValue({ id: 'report-1' });
    expect(await sendQueuedReports()).toBe(0);
    expect(uploadPhoto).toHaveBeenCalledWith(expect.any(File), expect.any(Function), `${key}-photo-0`);
    expect(submitReport).toHaveBeenCalledWith({ type: 'flood', position: spot, mediaIds: ['media-1'] }, key);
    expect(getQueue()[0]).toMatchObject({ state: 'sent', report: { id: 'report-1' } });
    expect(stored.size).toBe(0);
  });

  it('a send cut off by the connection keeps the report and retries with the same key, reusing uploaded photos', async () => {
    const key = await queueReport('user-a', { type: 'storm', position: spot }, [new File(['x'], 'b.jpg', { type: 'image/jpeg' })]);
    uploadPhoto.mockResolvedValue('media-2');
    submitReport.mockRejectedValueOnce(new ApiError('NetworkError', 'The server could not be reached.'));
    expect(await sendQueuedReports()).toBe(1);
    expect(getQueue().find((e) => e.key === key)?.state).toBe('waiting');

    submitReport.mockResolvedValue({ id: 'report-2' });
    expect(await sendQueuedReports()).toBe(0);
    expect(submitReport.mock.calls.map((c) => c[1])).toEqual([key, key]);
    expect(uploadPhoto).toHaveBeenCalledTimes(1);
  });

  it('keeps a refused report with the reason and sends the next one', async () => {
    const refused = await queueReport('user-a', { type: 'fire', position: spot }, []);
    const next = await queueReport('user-a', { type: 'crash', position: spot }, []);
    submitReport.mockRejectedValueOnce(new ApiError('RateLimited', 'You have sent too many reports this hour.'));
    submitReport.mockResolvedValueOnce({ id: 'report-3' });
    await sendQueuedReports();
    expect(getQueue().find((e) => e.key === refused)).toMatchObject({ state: 'failed', error: 'You have sent too many reports this hour.' });
    expect(stored.get(refused)).toMatchObject({ error: 'You have sent too many reports this hour.' });
    expect(getQueue().find((e) => e.key === next)?.state).toBe('sent');
  });

  it("never sends another user's queued reports", async () => {
    nav.onLine = false;
    await queueReport('user-b', { type: 'flood', position: spot }, []);
    nav.onLine = true;
    await loadQueue('user-a');
    expect(getQueue().filter((e) => e.state !== 'sent')).toEqual([]);
    await sendQueuedReports();
    expect(submitReport).not.toHaveBeenCalled();
    expect(stored.size).toBe(1);
  });
});
