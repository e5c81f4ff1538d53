import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { closuresQueryKey, fetchClosuresInBounds } from '../api/closures';
import { roundBbox, type Bbox } from '../geo';

/** Waits for the map to settle before asking: a pan fires many moveends. */
const DEBOUNCE_MS = 300;

export function useClosuresInBounds(bbox: Bbox | null, includeScheduled: boolean) {
  const [settled, setSettled] = useState<Bbox | null>(bbox ? roundBbox(bbox) : null);
  useEffect(() => {
    if (!bbox) return;
    const timer = setTimeout(() => setSettled(roundBbox(bbox)), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [bbox]);
  return useQuery({
    queryKey: settled ? closuresQueryKey(settled, includeScheduled) : ['closures', 'bounds', 'none'],
    queryFn: () => fetchClosuresInBounds(settled!, includeScheduled),
    enabled: !!settled,
    placeholderData: keepPreviousData,
  });
}
