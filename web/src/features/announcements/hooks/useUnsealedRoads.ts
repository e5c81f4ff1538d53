// An LGA's unsealed-roads status kept current: read once, then re-read whenever
// onAnnouncementChanged reports a change; offline, the status this device last read. Plain React
// state around the Amplify client, so the banner works on any page (the embed included) without
// the app's query layer.
import { useCallback, useEffect, useState } from 'react';
import { fetchUnsealedRoads, subscribeToAnnouncementChanges, type UnsealedRoads } from '../api/announcements';

export interface UnsealedRoadsState {
  data: UnsealedRoads | null;
  error: Error | null;
  loading: boolean;
  reload(): void;
}

export function useUnsealedRoads(lgaCode: string | null | undefined): UnsealedRoadsState {
  const [state, setState] = useState<{ data: UnsealedRoads | null; error: Error | null; loading: boolean }>({ data: null, error: null, loading: Boolean(lgaCode) });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    if (!lgaCode) {
      setState({ data: null, error: null, loading: false });
      return;
    }
    let current = true;
    setState((s) => ({ ...s, loading: s.data?.lgaCode !== lgaCode }));
    // Offline, the status this device last read (flood mode; its code is not on the first screen).
    import('../../offline/remembered-reads')
      .then(({ rememberedRead }) => rememberedRead(`unsealed:${lgaCode}`, null, () => fetchUnsealedRoads(lgaCode)))
      .then(
        (data) => current && setState({ data, error: null, loading: false }),
        (error: Error) => current && setState((s) => ({ data: s.data?.lgaCode === lgaCode ? s.data : null, error, loading: false })),
      );
    return () => {
      current = false;
    };
  }, [lgaCode, version]);

  useEffect(() => {
    if (!lgaCode) return;
    // Any change (set, archived, expired, deleted) may change the status: read it again.
    return subscribeToAnnouncementChanges(lgaCode, reload);
  }, [lgaCode, reload]);

  return { ...state, reload };
}
