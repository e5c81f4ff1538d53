// Installs the council boundaries bundle on this device when the server has a newer one: the
// server's import is asked for once (shared with the localData guard's check), the bundle is
// downloaded with progress, saved in IndexedDB and handed to the maps already open.
import type { QueryClient } from '@tanstack/react-query';
import { lgaDataImportQuery, localDataStatusQuery, type LocalDataStatus } from './api/lga-data-import';
import { LGA_BUNDLE_QUERY_KEY, NOT_CACHED_MESSAGE, readInstalledTimestamp, saveLgaBundle } from './bundle-store';
import { downloadLgaBundle } from './download';
import { setInstallPhase } from './install-state';

let running: Promise<void> | null = null;

/** One install at a time on this page: a second caller (/init after /map, a retry) joins the first. */
export function installLgaData(queryClient: QueryClient): Promise<void> {
  running ??= run(queryClient).finally(() => {
    running = null;
  });
  return running;
}

async function run(queryClient: QueryClient): Promise<void> {
  setInstallPhase({ step: 'checking' });
  try {
    const installed = await readInstalledTimestamp().catch(() => null);
    // Offline with boundaries on the device (flood mode): they are the newest this device can get.
    const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
    if (installed !== null && offline()) return setInstallPhase({ step: 'done', downloaded: false });
    let current;
    try {
      current = await queryClient.fetchQuery(lgaDataImportQuery);
    } catch (err) {
      if (installed !== null && offline()) return setInstallPhase({ step: 'done', downloaded: false });
      throw err;
    }
    let downloaded = false;
    if (installed !== current.timestamp) {
      setInstallPhase({ step: 'downloading', lgaCount: current.lgaCount, progress: { receivedBytes: 0, totalBytes: null } });
      const bundle = await downloadLgaBundle(current.downloadUrl, (progress) => setInstallPhase({ step: 'downloading', lgaCount: current.lgaCount, progress }));
      setInstallPhase({ step: 'saving', lgaCount: current.lgaCount });
      await saveLgaBundle(current.timestamp, bundle);
      if ((await readInstalledTimestamp()) !== current.timestamp) throw new Error(NOT_CACHED_MESSAGE);
      queryClient.setQueryData(LGA_BUNDLE_QUERY_KEY, bundle);
      downloaded = true;
    }
    const status: LocalDataStatus = { installed: true, serverTimestamp: current.timestamp, localTimestamp: current.timestamp };
    queryClient.setQueryData(localDataStatusQuery.queryKey, status);
    setInstallPhase({ step: 'done', downloaded });
  } catch (err) {
    setInstallPhase({ step: 'error', message: (err as Error).message });
    throw err;
  }
}
