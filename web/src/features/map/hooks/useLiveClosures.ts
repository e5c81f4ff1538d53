import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { mergeClosureIntoLgaFile, mergeClosureIntoList } from '../api/cache-merge';
import type { MapClosure } from '../api/closure-fields';
import { closureQueryKey } from '../api/closures';
import { lgaClosuresQueryKey } from '../api/lga-closures';
import { rememberLiveChange } from '../lga-files';
import type { Bbox } from '../geo';

/** Applies one changed closure to every cached viewport list and LGA file and drops its stale detail. */
export function useApplyClosureChange(): (closure: MapClosure) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (closure: MapClosure) => {
      const now = Math.floor(Date.now() / 1000);
      for (const [key] of queryClient.getQueriesData<MapClosure[]>({ queryKey: ['closures', 'bounds'] })) {
        const [, , bbox, includeScheduled] = key as [string, string, Bbox | string, boolean];
        if (!Array.isArray(bbox)) continue;
        queryClient.setQueryData<MapClosure[]>(key, (list) => mergeClosureIntoList(list, closure, { bbox, includeScheduled }, now));
      }
      // The public map's per-LGA files: the change is applied, not refetched (an edge may still
      // hold the previous file for a few seconds).
      rememberLiveChange(closure);
      queryClient.setQueryData<MapClosure[]>(lgaClosuresQueryKey(closure.lgaCode), (list) => mergeClosureIntoLgaFile(list, closure, closure.lgaCode));
      void queryClient.invalidateQueries({ queryKey: closureQueryKey(closure.id) });
    },
    [queryClient],
  );
}

/**
 * Live map: one subscription to every closure change (no lgaCode, so a viewport spanning several
 * LGAs stays current), merged into the query cache.
 */
export function useLiveClosures(onError?: (error: unknown) => void): void {
  const apply = useApplyClosureChange();
  // Kept in a ref so a new error callback never tears the subscription down.
  const errorRef = useRef(onError);
  errorRef.current = onError;
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    // Imported lazily: the realtime client is only needed once a map is on screen.
    void import('../api/closure-subscription').then(({ subscribeToClosureChanges }) => {
      if (cancelled) return;
      unsubscribe = subscribeToClosureChanges(apply, (error) => errorRef.current?.(error));
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [apply]);
}
