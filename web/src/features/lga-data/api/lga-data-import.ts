import { queryOptions } from '@tanstack/react-query';
import { ApiError, gql } from '../../../lib/api';
import { readInstalledTimestamp } from '../bundle-store';

export interface LgaDataImport {
  timestamp: number;
  downloadUrl: string;
  lgaCount: number;
}

export const NO_IMPORTS_MESSAGE = 'No LGA data imports configured on the server';

const LGA_DATA_IMPORT = /* GraphQL */ `
  query LgaDataImport {
    lgaDataImport { timestamp downloadUrl lgaCount }
  }
`;

export async function fetchLgaDataImport(): Promise<LgaDataImport> {
  try {
    const { lgaDataImport } = await gql<{ lgaDataImport: LgaDataImport | null }>(LGA_DATA_IMPORT);
    if (!lgaDataImport) throw new ApiError('NotFound', NO_IMPORTS_MESSAGE);
    return lgaDataImport;
  } catch (err) {
    // The server says NotFound with its own wording; the spec's sentence is what the user should read.
    if (err instanceof ApiError && err.errorType === 'NotFound') throw new ApiError('NotFound', NO_IMPORTS_MESSAGE);
    throw err;
  }
}

export interface LocalDataStatus {
  installed: boolean;
  serverTimestamp: number;
  localTimestamp: number | null;
}

export const lgaDataImportQuery = queryOptions({
  queryKey: ['lga-data', 'import'],
  queryFn: fetchLgaDataImport,
  staleTime: 5 * 60_000,
  // As before it was cached: the guard's offline fallback and /init's Retry answer at once.
  retry: false,
});

/**
 * The "local data installed" guard: IndexedDB holds a bundle stamped with the server's current
 * import timestamp. Cached for five minutes so moving between guarded pages costs nothing.
 */
export const localDataStatusQuery = queryOptions({
  queryKey: ['lga-data', 'status'],
  queryFn: async ({ client }): Promise<LocalDataStatus> => {
    const localTimestamp = await readInstalledTimestamp().catch(() => null);
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    // Offline with a bundle on the device: it is the newest this device can have, so use it
    // (flood mode) rather than sending the user to /init, which needs the network.
    if (offline && localTimestamp !== null) return { installed: true, serverTimestamp: localTimestamp, localTimestamp };
    try {
      // Through the cache: /init and the public map's install reuse this answer instead of asking again.
      const current = await client.fetchQuery(lgaDataImportQuery);
      return { installed: localTimestamp === current.timestamp, serverTimestamp: current.timestamp, localTimestamp };
    } catch (err) {
      // The connection dropped during the check: same as above.
      if (localTimestamp !== null && typeof navigator !== 'undefined' && navigator.onLine === false) {
        return { installed: true, serverTimestamp: localTimestamp, localTimestamp };
      }
      throw err;
    }
  },
  staleTime: 5 * 60_000,
  retry: false,
});
