import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader';
import { useToast } from '../../components/toast/toast-context';
import { useAuth } from '../../features/auth/auth-provider';
import { findRoute, previousLocation } from '../../features/routing/location-history';
import { routeNeedsAuth } from '../../features/routing/route-table';

export function LogoutPage() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const previous = previousLocation();
    void (async () => {
      try {
        await signOut();
      } catch (err) {
        toast.show({ kind: 'error', message: `Could not sign out: ${(err as Error).message}` });
      }
      if (previous && routeNeedsAuth(findRoute(previous.split('?')[0]))) {
        navigate('/login', { replace: true });
      } else {
        // A public page may show signed-in extras; a full reload starts it clean.
        window.location.replace(previous ?? '/');
      }
    })();
  }, [signOut, navigate, toast]);

  return <PageLoader label="Signing out…" />;
}
