// Turning Web Push on and off for this device (see push-client.ts for the browser view and the
// state on load). Loaded on the click that asks for it, not with every page.
import type { PushApi, PushSubscriptionJson } from './api/push';
import { currentState, DENIED, DENIED_HELP, STORAGE_KEY, type BrowserSubscription, type PushBrowser, type PushState } from './push-client';

/** VAPID keys travel base64url-encoded; PushManager wants the raw bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The device's push address and keys are its registration token: without them nothing can reach it. */
export const NO_TOKEN = 'No registration token available';

function asJson(subscription: BrowserSubscription | null): PushSubscriptionJson {
  const json = subscription?.toJSON();
  const endpoint = json?.endpoint || subscription?.endpoint;
  const p256dh = json?.keys?.p256dh;
  const auth = json?.keys?.auth;
  if (!endpoint || !p256dh || !auth) throw new Error(NO_TOKEN);
  return { endpoint, keys: { p256dh, auth } };
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
  // Nothing is remembered or registered for a device the push service gave no token.
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
