// One push state for the whole page (profile menu and dashboard card stay in step), read on load
// without prompting; enable/disable run only from user clicks.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { currentState, realBrowser, type PushBrowser, type PushState } from '../push-client';

let browser: PushBrowser | undefined;
type Store = { state: PushState; busy: boolean };
let store: Store | undefined;
const listeners = new Set<() => void>();

function snapshot(): Store {
  browser ??= realBrowser();
  store ??= { state: currentState(browser), busy: false };
  return store;
}

function set(next: Partial<Store>) {
  store = { ...snapshot(), ...next };
  listeners.forEach((l) => l());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// Turning push on or off is not part of any page's first load. It is fetched once the page is idle,
// so that a click finds it loaded and asks for permission at once: Safari and Firefox allow the
// permission prompt only for a short while after the click.
let subscriptionModule: Promise<[typeof import('../push-subscription'), typeof import('../api/push')]> | undefined;
function loadSubscription() {
  subscriptionModule ??= Promise.all([import('../push-subscription'), import('../api/push')]).catch((error: unknown) => {
    subscriptionModule = undefined; // a later click tries again
    throw error;
  });
  return subscriptionModule;
}

function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 2_000);
  return () => window.clearTimeout(handle);
}

export function usePush() {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  const toast = useToast();
  const switchable = current.state.kind === 'on' || current.state.kind === 'off';
  useEffect(() => (switchable ? whenIdle(() => void loadSubscription().catch(() => undefined)) : undefined), [switchable]);
  const run = useCallback(
    async (action: 'enable' | 'disable') => {
      if (snapshot().busy) return;
      set({ busy: true });
      try {
        const [{ enablePush, disablePush }, { pushApi }] = await loadSubscription();
        const next = action === 'enable' ? await enablePush(browser!, pushApi) : await disablePush(browser!, pushApi);
        set({ state: next });
        if (next.kind === 'on') toast.show({ kind: 'success', message: 'Push notifications are on for this device' });
        if (action === 'disable' && next.kind === 'off') toast.show({ kind: 'success', message: 'Push notifications are off for this device' });
      } catch (error) {
        toast.show({ kind: 'error', message: `Could not change push notifications: ${(error as Error).message}` });
      } finally {
        set({ busy: false });
      }
    },
    [toast],
  );
  return { ...current, enable: () => run('enable'), disable: () => run('disable') };
}
