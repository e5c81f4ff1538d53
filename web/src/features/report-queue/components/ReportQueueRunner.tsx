// Sends queued incident reports whenever it can: at start, when the browser comes back online, and
// when the service worker's Background Sync says the connection is back (the worker cannot send
// them itself: the user's sign-in lives in the page). Renders nothing.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../auth/auth-provider';
import { loadQueue, onReportSent, sendQueuedReports } from '../api/queue';

export function ReportQueueRunner() {
  const { me } = useAuth();
  const queryClient = useQueryClient();
  const uid = me?.uid ?? null;

  useEffect(() => onReportSent(() => void queryClient.invalidateQueries({ queryKey: ['reports'] })), [queryClient]);

  useEffect(() => {
    let stopped = false;
    void loadQueue(uid).then(() => {
      if (!stopped && uid) void sendQueuedReports();
    });
    if (!uid) return;
    const send = () => void sendQueuedReports();
    window.addEventListener('online', send);
    const fromWorker = (event: MessageEvent) => {
      if (event.data?.type !== 'SEND_QUEUED_REPORTS') return;
      // Tell the worker how many still wait, so Background Sync tries again later if any do.
      void sendQueuedReports().then((remaining) => event.ports[0]?.postMessage({ remaining }));
    };
    navigator.serviceWorker?.addEventListener('message', fromWorker);
    return () => {
      stopped = true;
      window.removeEventListener('online', send);
      navigator.serviceWorker?.removeEventListener('message', fromWorker);
    };
  }, [uid]);

  return null;
}
