import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasStoredSession, isAmplifyLoaded, loadAmplify, onAmplifyLoaded } from '../../lib/amplify';
import { setApiSignedIn } from '../../lib/api';
import { deriveAccess, type Access } from './access';
import { fetchMe, meQueryKey, type Me } from './api/me';
import { setOfflineCopyOwner } from '../offline/copy-owner';
// Flood mode's device copies load with the first signed-in read, not with the first paint.
const rememberedReads = () => import('../offline/remembered-reads');
const deviceData = () => import('../offline/forget-device-data');

export type AuthStatus = 'loading' | 'anonymous' | 'signedIn';

export interface AuthState {
  status: AuthStatus;
  me: Me | null;
  /** Set when the session exists but the `me` query failed; guards then show an error, not a redirect. */
  meError: Error | null;
  access: Access;
  refresh(): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

type Session = { status: 'loading' } | { status: 'anonymous' } | { status: 'signedIn'; userId: string };

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session>({ status: 'loading' });

  const checkSession = useCallback(async () => {
    // No stored session and nobody signing in: anonymous without loading Amplify at all.
    if (!isAmplifyLoaded() && !hasStoredSession()) {
      setApiSignedIn(false);
      setSession({ status: 'anonymous' });
      return;
    }
    try {
      await loadAmplify();
      const { getCurrentUser } = await import('aws-amplify/auth');
      const user = await getCurrentUser();
      setApiSignedIn(true);
      setSession((prev) => (prev.status === 'signedIn' && prev.userId === user.userId ? prev : { status: 'signedIn', userId: user.userId }));
    } catch {
      setApiSignedIn(false);
      setSession({ status: 'anonymous' });
    }
  }, []);

  useEffect(() => {
    void checkSession();
    // Sign-in pages load Amplify; from then on its auth events drive the session.
    let stopListening: (() => void) | null = null;
    let unmounted = false;
    const stopWaiting = onAmplifyLoaded(() => {
      void import('aws-amplify/utils').then(({ Hub }) => {
        if (unmounted) return;
        stopListening = Hub.listen('auth', ({ payload }) => {
          switch (payload.event) {
            case 'signedIn':
            case 'signInWithRedirect':
            case 'tokenRefresh':
              void checkSession();
              break;
            case 'signedOut':
            case 'tokenRefresh_failure':
            case 'signInWithRedirect_failure':
              setApiSignedIn(false);
              setSession({ status: 'anonymous' });
              // Another user may sign in next on this device: nothing of this one may linger.
              queryClient.clear();
              // The device copies go on a sign-out only: a refresh that failed for want of signal
              // must not wipe what flood mode shows (a copy is replayed only to its own user).
              if (payload.event === 'signedOut') void deviceData().then(({ forgetDeviceData }) => forgetDeviceData());
              break;
          }
        });
      });
    });
    return () => {
      unmounted = true;
      stopWaiting();
      stopListening?.();
    };
  }, [checkSession, queryClient]);

  const userId = session.status === 'signedIn' ? session.userId : null;
  // Offline closure details read by this user are shown to this user only.
  setOfflineCopyOwner(userId);
  const meQuery = useQuery({
    queryKey: meQueryKey(userId),
    // Offline, the profile this device last read for this user (flood mode).
    queryFn: async () => (await rememberedReads()).rememberedRead('me', userId, fetchMe),
    enabled: userId !== null,
    staleTime: 60_000,
  });

  const refresh = useCallback(async () => {
    await checkSession();
    await queryClient.invalidateQueries({ queryKey: ['me'] });
  }, [checkSession, queryClient]);

  const signOut = useCallback(async () => {
    await loadAmplify();
    const { signOut: amplifySignOut } = await import('aws-amplify/auth');
    await amplifySignOut();
    // Before the page moves on: the next person on this device must not find this one's copies
    // or queued reports.
    await (await deviceData()).forgetDeviceData();
  }, []);

  const me = userId !== null ? (meQuery.data ?? null) : null;
  const meError = userId !== null && !meQuery.data && meQuery.isError ? meQuery.error : null;
  let status: AuthStatus = session.status;
  if (session.status === 'signedIn' && !me && !meError) status = 'loading';

  const value = useMemo<AuthState>(
    () => ({ status, me, meError, access: deriveAccess(me), refresh, signOut }),
    [status, me, meError, refresh, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
