// The browser's push APIs faked at the PushBrowser boundary: permission is only asked by enable(),
// a denied or missing API disables the control with its reason, enable subscribes with the VAPID
// key and registers the device, disable revokes and unsubscribes, and the choice is per device.
import { describe, expect, it, vi } from 'vitest';
import type { PushApi } from '../api/push';
import { currentState, DENIED, STORAGE_KEY, UNSUPPORTED, type PushBrowser } from '../push-client';
import { base64UrlToBytes, disablePush, enablePush, NO_TOKEN } from '../push-subscription';

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function fakeStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const subscription = {
    endpoint: 'https://push.example/device-1',
    toJSON: () => ({ endpoint: 'https://push.example/device-1', keys: { p256dh: 'p256', auth: 'auth' } }),
    unsubscribe: vi.fn(async () => true),
  };
  let subscribed: typeof subscription | null = null;
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  const subscribe = vi.fn(async () => (subscribed = subscription));
  const browser: PushBrowser = {
    notification,
    registerWorker: vi.fn(async () => ({ pushManager: { getSubscription: async () => subscribed, subscribe } })),
    storage: fakeStorage(),
    userAgent: 'FakeBrowser/1',
  };
  return { browser, notification, subscribe, subscription };
}

function fakeApi(): PushApi & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    publicKey: vi.fn(async () => PUBLIC_KEY),
    register: vi.fn(async (s) => void calls.push(`register ${s.endpoint} ${s.keys.p256dh}/${s.keys.auth}`)),
    revoke: vi.fn(async (endpoint) => void calls.push(`revoke ${endpoint}`)),
  };
}

describe('push client', () => {
  it('reads the state on load without asking for permission', () => {
    const { browser, notification } = fakeBrowser('default');
    expect(currentState(browser)).toEqual({ kind: 'off' });
    expect(notification.requestPermission).not.toHaveBeenCalled();
    expect(browser.registerWorker).not.toHaveBeenCalled();
  });

  it('reports a browser without the APIs as unsupported and never subscribes', async () => {
    const api = fakeApi();
    const browser: PushBrowser = { storage: fakeStorage(), userAgent: 'old' };
    expect(currentState(browser)).toEqual({ kind: 'unsupported', reason: UNSUPPORTED });
    expect(await enablePush(browser, api)).toMatchObject({ kind: 'unsupported' });
    expect(api.publicKey).not.toHaveBeenCalled();
  });

  it('explains a denied permission and keeps the control blocked', async () => {
    const { browser, subscribe } = fakeBrowser('default', 'denied');
    const api = fakeApi();
    const state = await enablePush(browser, api);
    expect(state).toMatchObject({ kind: 'denied', reason: DENIED });
    expect(state.kind === 'denied' && state.help).toMatch(/site settings/);
    expect(subscribe).not.toHaveBeenCalled();
    expect(api.calls).toEqual([]);
    expect(currentState(browser)).toMatchObject({ kind: 'denied' });
  });

  it('asks again later when the prompt is only dismissed', async () => {
    const { browser } = fakeBrowser('default', 'default');
    expect(await enablePush(browser, fakeApi())).toEqual({ kind: 'off' });
  });

  it('on grant subscribes with the VAPID key and registers the device, remembered on this device', async () => {
    const { browser, subscribe } = fakeBrowser('default', 'granted');
    const api = fakeApi();
    expect(await enablePush(browser, api)).toEqual({ kind: 'on' });
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(PUBLIC_KEY) });
    expect(api.calls).toEqual(['register https://push.example/device-1 p256/auth']);
    expect(browser.storage.getItem(STORAGE_KEY)).toBe('1');
    expect(currentState(browser)).toEqual({ kind: 'on' });
  });

  it('disable revokes the endpoint, unsubscribes and forgets the choice', async () => {
    const { browser, subscription } = fakeBrowser('default', 'granted');
    const api = fakeApi();
    await enablePush(browser, api);
    expect(await disablePush(browser, api)).toEqual({ kind: 'off' });
    expect(api.calls.at(-1)).toBe('revoke https://push.example/device-1');
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(browser.storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('fails loudly when the deployment has no VAPID key', async () => {
    const { browser, subscribe } = fakeBrowser('granted');
    const api = { ...fakeApi(), publicKey: async () => null };
    await expect(enablePush(browser, api)).rejects.toThrow(/not configured/);
    expect(subscribe).not.toHaveBeenCalled();
  });

  it("says 'No registration token available' when the push service gives the device no address or keys, and registers nothing", async () => {
    const { browser, subscription } = fakeBrowser('default', 'granted');
    const api = fakeApi();
    subscription.toJSON = () => ({ endpoint: 'https://push.example/device-1', keys: {} as { p256dh: string; auth: string } });
    await expect(enablePush(browser, api)).rejects.toThrow(NO_TOKEN);
    subscription.endpoint = '';
    subscription.toJSON = () => ({ endpoint: '', keys: { p256dh: 'p256', auth: 'auth' } });
    await expect(enablePush(browser, api)).rejects.toThrow(NO_TOKEN);
    expect(NO_TOKEN).toBe('No registration token available');
    expect(api.calls).toEqual([]);
    expect(browser.storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('decodes a base64url VAPID key to the 65-byte uncompressed point', () => {
    const bytes = base64UrlToBytes(PUBLIC_KEY);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
  });
});
