import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ClosureDetail } from '../api/closures';

export const closureDetailKey = (id: string) => ['closures', 'detail', id] as const;

/** After a mutation: the detail shows the server's answer at once, every list and count refetches. */
export function useClosureCache() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      updated(closure: ClosureDetail) {
        queryClient.setQueryData(closureDetailKey(closure.id), closure);
        void queryClient.invalidateQueries({ queryKey: ['closures'], predicate: (q) => q.queryKey[1] !== 'detail' });
        void queryClient.invalidateQueries({ queryKey: ['closures', 'activities', closure.id] });
      },
    }),
    [queryClient],
  );
}
