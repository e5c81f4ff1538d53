// The public map's and the embed's closures: read from the map files of the LGAs in view (a
// CloudFront hit each, no API call), or from the API's viewport query when the view spans more
// LGAs than files are worth or an LGA has no file. Starts at once, before the map or the LGA
// boundaries are ready: the home LGA's file is asked for on the first render.
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { MapClosure } from '../api/closure-fields';
import { fetchLgaClosures, lgaClosuresQueryKey } from '../api/lga-closures';
import type { Bbox } from '../geo';
import { closuresToShow, MAX_FILE_LGAS } from '../lga-files';
import { useClosuresInBounds } from './useClosuresInBounds';

export { lgasInView } from '../lga-files';

const identities = new WeakMap<object, number>();
let nextIdentity = 1;
function identityOf(value: object): number {
  let id = identities.get(value);
  if (!id) identities.set(value, (id = nextIdentity++));
  return id;
}

export interface PublicClosures {
  data: MapClosure[] | undefined;
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  /** Where the closures came from: the LGAs' files or the API (wide views, missing files). */
  source: 'files' | 'api';
}

/**
 * Closures of `lgaCodes` from their map files, limited to `bbox` when given. `bbox` is also what
 * the API is asked for when the files do not serve (too many LGAs, a file missing).
 */
export function usePublicClosures(lgaCodes: string[], bbox: Bbox | null): PublicClosures {
  const fromFiles = lgaCodes.length > 0 && lgaCodes.length <= MAX_FILE_LGAS;
  const files = useQueries({
    queries: (fromFiles ? lgaCodes : []).map((code) => ({
      queryKey: lgaClosuresQueryKey(code),
      queryFn: () => fetchLgaClosures(code),
      // The file is revalidated (ETag) when the page regains focus; live changes arrive meanwhile.
      staleTime: 15_000,
      retry: 1,
    })),
  });
  const filesFailed = files.some((q) => q.isError);
  const useApi = !fromFiles || filesFailed;
  const api = useClosuresInBounds(useApi ? bbox : null, false);
  const loaded = files.every((q) => q.data !== undefined);
  const fileData = files.map((q) => q.data);
  // The query cache hands out the same array until a file or a live change replaces it.
  const stamp = fileData.map((d) => (d ? identityOf(d) : 0)).join(',');
  const data = useMemo(
    () => (loaded ? closuresToShow(fileData.flatMap((d) => d ?? []), bbox, Math.floor(Date.now() / 1000)) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loaded, bbox, stamp],
  );
  if (useApi) return { data: api.data, isLoading: api.isPending, isError: api.isError, error: api.error, source: 'api' };
  return { data, isLoading: !loaded, isError: false, error: null, source: 'files' };
}
