// One push state for the whole page (profile menu and dashboard card stay in step), read on load
// without prompting; enable/disable run only from user clicks.
import { useCallback, useSyncExternalStore } from 'react';
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

export function usePush() {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  const toast = useToast();
  const run = useCallback(
    async (action: 'enable' | 'disable') => {
      if (snapshot().busy) return;
      set({ busy: true });
      try {
        // Loaded on the click: the first load of every page only reads the state.
        const [{ enablePush, disablePush }, { pushApi }] = await Promise.all([import('../push-subscription'), import('../api/push')]);
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
