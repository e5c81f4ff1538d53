// Web Push in the browser, written against a narrow view of the browser APIs (PushBrowser) so the
// permission/subscribe/unsubscribe rules are unit-tested with fakes; real browsers go through
// realBrowser(). Permission is only ever requested from enable(), i.e. from a click. Turning push
// on or off lives in push-subscription.ts, loaded on that click, so every page's first load
// carries only the state read here.

export const UNSUPPORTED = 'Notifications are not supported in this browser';
export const DENIED = 'Notifications are not available in your browser';
export const DENIED_HELP =
  'Notifications are blocked for this site. To allow them, open your browser’s site settings (the icon next to the address bar), set Notifications to Allow, then reload this page.';
export const STORAGE_KEY = 'roadClosures.push.enabled';

export interface BrowserSubscription {
  endpoint: string;
  toJSON(): { endpoint?: string; keys?: Record<string, string> };
  unsubscribe(): Promise<boolean>;
}

export interface PushBrowser {
  /** Undefined where the Notification, service worker or Push APIs are missing. */
  notification?: { permission: NotificationPermission; requestPermission(): Promise<NotificationPermission> };
  registerWorker?(): Promise<{
    pushManager: {
      getSubscription(): Promise<BrowserSubscription | null>;
      subscribe(options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array<ArrayBuffer> }): Promise<BrowserSubscription>;
    };
  }>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  userAgent: string;
}

export type PushState =
  | { kind: 'unsupported'; reason: string }
  | { kind: 'denied'; reason: string; help: string }
  | { kind: 'off' }
  | { kind: 'on' };

// Some private-browsing modes throw on localStorage; the choice then lasts for this page only.
function localStorageOrMemory(): PushBrowser['storage'] {
  try {
    window.localStorage.getItem(STORAGE_KEY);
    return window.localStorage;
  } catch {
    const memory = new Map<string, string>();
    return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) };
  }
}

export function realBrowser(): PushBrowser {
  const supported = typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;
  return {
    notification: supported ? window.Notification : undefined,
    registerWorker: supported
      ? async () => {
          await navigator.serviceWorker.register('/sw.js', { scope: '/' });
          // ready resolves with the active registration, which push subscriptions need.
          return navigator.serviceWorker.ready;
        }
      : undefined,
    storage: localStorageOrMemory(),
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
  };
}

/** The state on load: never asks for anything, reads the permission and this device's choice. */
export function currentState(browser: PushBrowser): PushState {
  if (!browser.notification || !browser.registerWorker) return { kind: 'unsupported', reason: UNSUPPORTED };
  if (browser.notification.permission === 'denied') return { kind: 'denied', reason: DENIED, help: DENIED_HELP };
  const chosen = browser.storage.getItem(STORAGE_KEY) === '1';
  return chosen && browser.notification.permission === 'granted' ? { kind: 'on' } : { kind: 'off' };
}
