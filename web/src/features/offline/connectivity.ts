// Online or offline, with the last time the device was online (spec §4 "Connectivity"). The time
// survives a reload (localStorage) so the banner can say how old what the user sees is, except on
// the embedded map, which must not write to the host site's storage.
import { useSyncExternalStore } from 'react';

const LAST_ONLINE_KEY = 'rc.lastOnlineAt';

export interface Connectivity {
  online: boolean;
  /** Unix milliseconds of the last moment the device was known to be online; null if never seen. */
  lastOnlineAt: number | null;
}

const listeners = new Set<() => void>();
let state: Connectivity = { online: true, lastOnlineAt: null };

const persistent = () => typeof window !== 'undefined' && !window.location.pathname.startsWith('/lga-embed');

function readStored(): number | null {
  try {
    const value = Number(window.localStorage.getItem(LAST_ONLINE_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function store(at: number) {
  if (!persistent()) return;
  try {
    window.localStorage.setItem(LAST_ONLINE_KEY, String(at));
  } catch {
    // Private mode or a full quota: the banner then shows the time only for this session.
  }
}

function set(next: Connectivity) {
  state = next;
  listeners.forEach((listener) => listener());
}

/** Called on `online`/`offline` events and on start; exported for tests. */
export function updateConnectivity(online: boolean, now = Date.now()): void {
  if (online) {
    store(now);
    set({ online: true, lastOnlineAt: now });
  } else {
    set({ online: false, lastOnlineAt: state.online ? now : state.lastOnlineAt ?? readStored() });
    if (state.lastOnlineAt) store(state.lastOnlineAt);
  }
}

let started = false;
/** Starts following the browser's connectivity; safe to call more than once. */
export function startConnectivityTracking(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  state = { online: navigator.onLine, lastOnlineAt: navigator.onLine ? Date.now() : readStored() };
  if (navigator.onLine) store(state.lastOnlineAt!);
  window.addEventListener('online', () => updateConnectivity(true));
  window.addEventListener('offline', () => updateConnectivity(false));
  // While online, keep the stored time current so a sudden drop shows a recent time.
  window.setInterval(() => {
    if (state.online) updateConnectivity(true);
  }, 60_000);
}

export function getConnectivity(): Connectivity {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribe, getConnectivity, getConnectivity);
}

/** "as of 3:41 pm" today, "as of 24 Nov, 3:41 pm" on another day. */
export function formatAsOf(at: number, now = Date.now()): string {
  const date = new Date(at);
  const sameDay = new Date(now).toDateString() === date.toDateString();
  const time = date.toLocaleTimeString('en-AU', { hour: 'numeric', minute: '2-digit' });
  return sameDay ? time : `${date.toLocaleDateString('en-AU', { day: 'numeric', month: 'short' })}, ${time}`;
}
