import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { lgaQuery } from '../../lgas/api/lga';
import { useLiveCustomers } from '../hooks/useLiveCustomers';
import { useStaffAccessReady } from '../hooks/useStaffAccess';
import { statusLabel } from '../format';
import './billing.css';

/** A subscriber who does not become the account manager (the council already has one) moves on after this. */
const ACCESS_WAIT_MS = 20_000;

const valid = (status: string | undefined) => status === 'active' || status === 'trialing';

/**
 * /onboard/processing: the checkout's return address. Stripe's webhook makes the council a
 * customer moments later; this page listens for that change (no fixed wait) and then opens the app.
 */
export function OnboardProcessingPage() {
  const [params] = useSearchParams();
  const code = params.get('lga') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lga = useQuery({ ...lgaQuery(code), staleTime: 0 });
  const change = useLiveCustomers(code, !!code);
  const finishing = useRef(false);

  useEffect(() => {
    if (change?.lgaCode === code) void queryClient.invalidateQueries({ queryKey: ['lga', code] });
  }, [change, code, queryClient]);

  const status = change?.subscriptionStatus ?? lga.data?.customerStatus;
  const recorded = valid(status);
  // The subscription is recorded before the checkout's completion makes this user the account
  // manager: who we are is asked again until the guards will let the staff map open.
  const hasAccess = useStaffAccessReady(code, recorded);
  const [waitedLong, setWaitedLong] = useState(false);
  useEffect(() => {
    if (!recorded) return undefined;
    const timer = setTimeout(() => setWaitedLong(true), ACCESS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [recorded]);

  useEffect(() => {
    if (!recorded || !(hasAccess || waitedLong) || finishing.current) return;
    finishing.current = true;
    navigate(`/onboard/success?lga=${encodeURIComponent(code)}`, { replace: true });
  }, [recorded, hasAccess, waitedLong, navigate, code]);

  const steps: Array<[string, boolean]> = [
    ['Payment details accepted by Stripe', true],
    [`Subscription recorded${status ? ` (${statusLabel(status)})` : ''}`, recorded],
    ['Your staff access is ready', recorded && hasAccess],
  ];
  return (
    <div>
      <header className="page-header">
        <h1>Processing your subscription</h1>
        <p>This takes a few seconds. The page moves on by itself.</p>
      </header>
      <section className="panel" aria-live="polite">
        <ol className="progress-steps">
          {steps.map(([label, done]) => <li key={label} data-done={done}>{label}</li>)}
        </ol>
        <progress max={steps.length} value={steps.filter(([, done]) => done).length} aria-label="Progress" />
      </section>
    </div>
  );
}
