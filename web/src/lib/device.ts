import { useSyncExternalStore } from 'react';

export const MOBILE_MAX_WIDTH = 768;
const mobileAgent = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|Tablet|Silk|Kindle/i;

export function isMobileAgent(userAgent: string): boolean {
  return mobileAgent.test(userAgent);
}

const query = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  return window.matchMedia(query).matches || isMobileAgent(navigator.userAgent);
}

/** Spec §2: mobile mode at 768 px or less, or on a phone or tablet whatever its width. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
