import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader';
import { useToast } from '../../components/toast/toast-context';
import { useAuth } from '../../features/auth/auth-provider';
import { getQueue, loadQueue } from '../../features/report-queue/api/queue';
import { findRoute, previousLocation } from '../../features/routing/location-history';
import { routeNeedsAuth } from '../../features/routing/route-table';

/** Reports written offline and not sent yet: signing out removes them from the device. */
async function unsentReports(uid: string | undefined): Promise<number> {
  if (!uid) return 0;
  await loadQueue(uid);
  return getQueue().filter((entry) => entry.state !== 'sent').length;
}

export function LogoutPage() {
  const { signOut, me, status } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const started = useRef(false);
  // null until the queue is read; a number above 0 asks before anything is discarded.
  const [unsent, setUnsent] = useState<number | null>(null);
  const previous = useRef(previousLocation());

  const signOutNow = useCallback(async () => {
    setUnsent(0);
    try {
      await signOut();
    } catch (err) {
      toast.show({ kind: 'error', message: `Could not sign out: ${(err as Error).message}` });
    }
    const before = previous.current;
    if (before && routeNeedsAuth(findRoute(before.split('?')[0]))) {
      navigate('/login', { replace: true });
    } else {
      // A public page may show signed-in extras; a full reload starts it clean.
      window.location.replace(before ?? '/');
    }
  }, [signOut, navigate, toast]);

  useEffect(() => {
    // Until the account is known, whose waiting reports to count is not: deciding then signed
    // out with a report still on the device and never asked.
    if (started.current || status === 'loading') return;
    started.current = true;
    void (async () => {
      const waiting = await unsentReports(me?.uid).catch(() => 0);
      if (waiting > 0) setUnsent(waiting);
      else await signOutNow();
    })();
  }, [me?.uid, status, signOutNow]);

  if (unsent === null || unsent === 0) return <PageLoader label="Signing out…" />;
  const reports = unsent === 1 ? '1 report is' : `${unsent} reports are`;
  return (
    <section className="panel" style={{ maxWidth: 560, margin: '2rem auto' }} aria-labelledby="unsent-title">
      <h1 id="unsent-title">{reports} waiting to send</h1>
      <p>
        Signing out removes {unsent === 1 ? 'it' : 'them'} from this device: {unsent === 1 ? 'it was' : 'they were'} not sent to the council. Stay
        signed in and {unsent === 1 ? 'it sends by itself' : 'they send by themselves'} when the device is back online.
      </p>
      <div style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
        <button type="button" className="amplify-button amplify-button--primary" onClick={() => navigate(previous.current ?? '/dashboard', { replace: true })}>
          Stay signed in
        </button>
        <button type="button" className="amplify-button amplify-button--warning" onClick={() => void signOutNow()}>
          Sign out and discard
        </button>
      </div>
    </section>
  );
}
