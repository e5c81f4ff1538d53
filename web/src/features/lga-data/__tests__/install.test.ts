import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const stored = vi.hoisted(() => ({ timestamp: null as number | null, bundle: null as unknown }));
const fetchImport = vi.hoisted(() => vi.fn());
const download = vi.hoisted(() => vi.fn());

vi.mock('../bundle-store', () => ({
  LGA_BUNDLE_QUERY_KEY: ['lga-bundle'],
  NOT_CACHED_MESSAGE: 'LGA data not cached',
  readInstalledTimestamp: async () => stored.timestamp,
  saveLgaBundle: async (timestamp: number, bundle: unknown) => {
    stored.timestamp = timestamp;
    stored.bundle = bundle;
  },
}));
vi.mock('../download', () => ({ downloadLgaBundle: download }));
vi.mock('../api/lga-data-import', () => ({
  lgaDataImportQuery: { queryKey: ['lga-data', 'import'], queryFn: fetchImport, staleTime: 5 * 60_000, retry: false },
  localDataStatusQuery: { queryKey: ['lga-data', 'status'] },
}));

const { installLgaData } = await import('../install');
const { getInstallPhase } = await import('../install-state');

const BUNDLE = { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { code: '12900' }, geometry: null }] };
const IMPORT = { timestamp: 200, downloadUrl: 'http://local/feeds/lga-data/200.geojson', lgaCount: 547 };

describe('installing the council boundaries', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient();
    stored.timestamp = null;
    stored.bundle = null;
    fetchImport.mockReset().mockResolvedValue(IMPORT);
    download.mockReset().mockImplementation(async (_url: string, onProgress: (p: unknown) => void) => {
      onProgress({ receivedBytes: 10, totalBytes: 20 });
      return BUNDLE;
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('downloads a missing bundle, saves it and hands it to the maps already open', async () => {
    await installLgaData(client);
    expect(download).toHaveBeenCalledWith(IMPORT.downloadUrl, expect.any(Function));
    expect(stored).toEqual({ timestamp: 200, bundle: BUNDLE });
    expect(client.getQueryData(['lga-bundle'])).toBe(BUNDLE);
    expect(client.getQueryData(['lga-data', 'status'])).toEqual({ installed: true, serverTimestamp: 200, localTimestamp: 200 });
    expect(getInstallPhase()).toEqual({ step: 'done', downloaded: true });
  });

  it('downloads nothing when the device has the latest, and reuses a cached import answer', async () => {
    stored.timestamp = 200;
    client.setQueryData(['lga-data', 'import'], IMPORT);
    await installLgaData(client);
    expect(fetchImport).not.toHaveBeenCalled();
    expect(download).not.toHaveBeenCalled();
    expect(getInstallPhase()).toEqual({ step: 'done', downloaded: false });
  });

  it('replaces an older bundle', async () => {
    stored.timestamp = 100;
    await installLgaData(client);
    expect(stored.timestamp).toBe(200);
  });

  it('offline with a bundle on the device keeps it without asking the server', async () => {
    stored.timestamp = 100;
    vi.stubGlobal('navigator', { onLine: false });
    await installLgaData(client);
    expect(fetchImport).not.toHaveBeenCalled();
    expect(getInstallPhase()).toEqual({ step: 'done', downloaded: false });
  });

  it('a failed download is an error the page can retry', async () => {
    download.mockRejectedValueOnce(new Error('Could not download the LGA data: the server answered 503'));
    await expect(installLgaData(client)).rejects.toThrow('503');
    expect(getInstallPhase()).toEqual({ step: 'error', message: 'Could not download the LGA data: the server answered 503' });
    expect(stored.timestamp).toBeNull();
    await installLgaData(client);
    expect(stored.timestamp).toBe(200);
  });

  it('a second caller joins the install under way (one download)', async () => {
    await Promise.all([installLgaData(client), installLgaData(client)]);
    expect(download).toHaveBeenCalledTimes(1);
  });
});
