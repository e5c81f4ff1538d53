// Amplify, loaded only when something needs it: signing in, a signed-in session, a signed-in
// GraphQL call or a live subscription. Anonymous visitors of the public pages read the API with
// its key over plain fetch (lib/api.ts), so the first paint carries no Amplify code.
import type { ResourcesConfig } from 'aws-amplify';

let config: ResourcesConfig | null = null;
let loading: Promise<void> | null = null;
const loadedListeners = new Set<() => void>();
let loaded = false;

/** Called once at boot with /config.json's Amplify part; nothing is loaded yet. */
export function setAmplifyConfig(value: ResourcesConfig): void {
  config = value;
}

export function amplifyConfig(): ResourcesConfig {
  if (!config) throw new Error('The app configuration is not loaded yet');
  return config;
}

/** Loads and configures Amplify once; every Amplify call awaits this first. */
export function loadAmplify(): Promise<void> {
  // The OAuth listener completes a federated sign-in when the browser returns from the hosted UI.
  loading ??= Promise.all([import('aws-amplify'), import('aws-amplify/auth/enable-oauth-listener')]).then(([{ Amplify }]) => {
    Amplify.configure(amplifyConfig());
    loaded = true;
    loadedListeners.forEach((listener) => listener());
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

export function isAmplifyLoaded(): boolean {
  return loaded;
}

/** Runs `listener` once Amplify is loaded (at once if it already is); returns the unregister function. */
export function onAmplifyLoaded(listener: () => void): () => void {
  if (loaded) {
    listener();
    return () => undefined;
  }
  loadedListeners.add(listener);
  return () => loadedListeners.delete(listener);
}

/**
 * True when this device holds a Cognito session (Amplify keeps `...LastAuthUser` in local
 * storage): only then must the app load Amplify at start to restore it.
 */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key'> = window.localStorage): boolean {
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key && key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
    }
  } catch {
    // Storage blocked: Amplify could not have kept a session there either.
  }
  return false;
}

interface Subscribable {
  subscribe(observer: { next(message: { data?: Record<string, unknown> }): void; error(error: unknown): void }): { unsubscribe(): void };
}

/**
 * A live GraphQL subscription (AppSync realtime through Amplify), started once Amplify is loaded;
 * `next` gets the message's `field` value when present. Returns the unsubscribe function at once.
 */
export function liveSubscription<T>(
  options: { query: string; variables?: Record<string, unknown>; authMode: 'userPool' | 'apiKey'; field: string },
  next: (value: T) => void,
  onError: (error: unknown) => void,
): () => void {
  let stopped = false;
  let subscription: { unsubscribe(): void } | null = null;
  void loadAmplify()
    .then(() => import('aws-amplify/api'))
    .then(({ generateClient }) => {
      if (stopped) return;
      // Amplify's generated types expect codegen models; the untyped call is all this needs.
      const client = generateClient() as unknown as { graphql(options: unknown): Subscribable };
      subscription = client.graphql({ query: options.query, variables: options.variables, authMode: options.authMode }).subscribe({
        next: (message) => {
          const value = message.data?.[options.field];
          if (value) next(value as T);
        },
        error: onError,
      });
    })
    .catch(onError);
  return () => {
    stopped = true;
    subscription?.unsubscribe();
  };
}
