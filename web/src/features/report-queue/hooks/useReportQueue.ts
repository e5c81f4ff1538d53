// The signed-in user's queued incident reports, live as they wait, send and arrive.
import { useSyncExternalStore } from 'react';
import { getQueue, subscribeQueue, type QueueEntry } from '../api/queue';

export function useReportQueue(): QueueEntry[] {
  return useSyncExternalStore(subscribeQueue, getQueue, getQueue);
}
