import { Hub } from 'aws-amplify/utils';
import { useSyncExternalStore } from 'react';
import { oauthFailureMessage } from './oauth-failure';

/** What the hosted UI's return to /login left behind: the page to go on to, or why it failed. */
export interface OAuthReturn {
  target: string | null;
  error: string | null;
}

let current: OAuthReturn = { target: null, error: null };
const subscribers = new Set<() => void>();

function update(next: OAuthReturn): void {
  current = next;
  for (const notify of subscribers) notify();
}

// Listening from import time, not from the login page's mount: Amplify finishes the code
// exchange started by Amplify.configure whenever its token request returns, which may be
// before React has rendered the page.
Hub.listen('auth', ({ payload }) => {
  if (payload.event === 'customOAuthState') {
    update({ target: payload.data, error: null });
  } else if (payload.event === 'signInWithRedirect_failure') {
    update({ target: null, error: oauthFailureMessage(payload.data?.error?.message) });
  }
});

const subscribe = (notify: () => void) => {
  subscribers.add(notify);
  return () => void subscribers.delete(notify);
};
const snapshot = () => current;

export function useOAuthReturn(): OAuthReturn {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The target is used once: a later visit to /login must not jump to it again. */
export function clearOAuthReturnTarget(): void {
  if (current.target !== null) update({ ...current, target: null });
}
