// /map?closure=ID (links from /subscriptions and notifications): loads that closure once and hands
// it to the map, which opens its panel and centres on it. An unknown id is told, not ignored.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useToast } from '../../../components/toast/toast-context';
import type { MapClosure } from '../api/closure-fields';
import { fetchClosure } from '../api/closures';

export function useClosureDeepLink(ready: boolean, onFound: (closure: MapClosure) => void): void {
  const [params] = useSearchParams();
  const toast = useToast();
  const id = params.get('closure');
  const handled = useRef<string | null>(null);
  const found = useRef(onFound);
  found.current = onFound;
  useEffect(() => {
    if (!ready || !id || handled.current === id) return;
    handled.current = id;
    fetchClosure(id).then(
      (closure) => (closure ? found.current(closure) : toast.show({ kind: 'warning', message: `Closure ${id} not found` })),
      (error: Error) => toast.show({ kind: 'error', message: error.message }),
    );
  }, [ready, id, toast]);
}
