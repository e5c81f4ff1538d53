import { useEffect } from 'react';
import { useAuth } from '../../auth/auth-provider';
import { isValidCustomerStatus } from '../../auth/access';

/** How often `me` is asked again while the webhook's last writes (the new account manager) land. */
const RECHECK_MS = 1500;
/** After this long the page stops asking; the staff map's own guard decides from then on. */
const GIVE_UP_MS = 60_000;

/**
 * Whether the signed-in user already holds staff access to the council (a valid subscription
 * and a role in it), as the route guards will see it. The Stripe webhook makes the council a
 * customer a moment before it records the first account manager, so while `enabled` and not yet
 * ready, who we are (`me`) is fetched again until it shows the access.
 */
export function useStaffAccessReady(lgaCode: string, enabled = true): boolean {
  const auth = useAuth();
  const ready = !!auth.me?.admin || !!auth.me?.managed.some((m) => m.lgaCode === lgaCode && isValidCustomerStatus(m.customerStatus));
  const { refresh } = auth;
  useEffect(() => {
    if (!enabled || ready || !lgaCode) return undefined;
    void refresh();
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > GIVE_UP_MS) clearInterval(timer);
      else void refresh();
    }, RECHECK_MS);
    return () => clearInterval(timer);
  }, [enabled, ready, lgaCode, refresh]);
  return ready;
}
