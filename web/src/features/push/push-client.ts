// Web Push in the browser, written against a narrow view of the browser APIs (PushBrowser) so the
// permission/subscribe/unsubscribe rules are unit-tested with fakes; real browsers go through
// realBrowser(). Permission is only ever requested from enable(), i.e. from a click.
import type { PushApi, PushSubscriptionJson } from './api/push';

export const UNSUPPORTED = 'Notifications are not supported in this browser';
export const DENIED = 'Notifications are not available in your browser';
export const DENIED_HELP =
  'Notifications are blocked for this site. To allow them, open your browser’s site settings (the icon next to the address bar), set Notifications to Allow, then reload this page.';
export const STORAGE_KEY = 'roadClosures.push.enabled';

interface BrowserSubscription {
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

/** VAPID keys travel base64url-encoded; PushManager wants the raw bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function asJson(subscription: BrowserSubscription): PushSubscriptionJson {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!p256dh || !auth) throw new Error('The browser returned a push subscription without keys');
  return { endpoint: json.endpoint ?? subscription.endpoint, keys: { p256dh, auth } };
}

/** Asks for permission (call from a click), subscribes this device and registers it with the API. */
export async function enablePush(browser: PushBrowser, api: PushApi): Promise<PushState> {
  const initial = currentState(browser);
  if (initial.kind === 'unsupported' || initial.kind === 'denied') return initial;
  const permission = await browser.notification!.requestPermission();
  if (permission !== 'granted') {
    browser.storage.removeItem(STORAGE_KEY);
    // "default" (the prompt was dismissed) may be asked again later; only "denied" is final.
    return permission === 'denied' ? { kind: 'denied', reason: DENIED, help: DENIED_HELP } : { kind: 'off' };
  }
  const publicKey = await api.publicKey();
  if (!publicKey) throw new Error('Push notifications are not configured for this deployment');
  const registration = await browser.registerWorker!();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
  await api.register(asJson(subscription), browser.userAgent);
  browser.storage.setItem(STORAGE_KEY, '1');
  return { kind: 'on' };
}

/** Unsubscribes this device and tells the API to forget it; other devices keep theirs. */
export async function disablePush(browser: PushBrowser, api: PushApi): Promise<PushState> {
  browser.storage.removeItem(STORAGE_KEY);
  if (!browser.registerWorker) return currentState(browser);
  const registration = await browser.registerWorker();
  const subscription = await registration.pushManager.getSubscription();
  if (subscription) {
    // Revoke first: if the API call fails the device is still subscribed and can try again.
    await api.revoke(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return currentState(browser);
}
