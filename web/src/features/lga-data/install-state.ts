// Where this device's council boundaries install is at: shared by /init (which waits for it) and
// the public map (which shows the closures at once and installs the boundaries beside them).
import { useSyncExternalStore } from 'react';
import type { DownloadProgress } from './download';

export type InstallPhase =
  | { step: 'idle' }
  | { step: 'checking' }
  | { step: 'downloading'; lgaCount: number; progress: DownloadProgress }
  | { step: 'saving'; lgaCount: number }
  /** `downloaded`: a new bundle was saved (false when the device already had the latest). */
  | { step: 'done'; downloaded: boolean }
  | { step: 'error'; message: string };

let phase: InstallPhase = { step: 'idle' };
const listeners = new Set<() => void>();

export function setInstallPhase(next: InstallPhase): void {
  phase = next;
  for (const listener of listeners) listener();
}

export const getInstallPhase = (): InstallPhase => phase;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useInstallPhase(): InstallPhase {
  return useSyncExternalStore(subscribe, getInstallPhase, getInstallPhase);
}

export const isInstalling = (p: InstallPhase): boolean => p.step === 'checking' || p.step === 'downloading' || p.step === 'saving';
