import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-provider';
import { lgaQuery } from '../../lgas/api/lga';
import type { RouteDef } from '../../routing/route-table';
import { OnboardingGate } from './OnboardingGate';
import { useStaffAccessReady } from '../hooks/useStaffAccess';

/** /onboard/success: the council is a customer; where its new account manager goes next. */
export function OnboardSuccessPage({ def }: { def: RouteDef }) {
  return (
    <OnboardingGate def={def}>
      <Welcome />
    </OnboardingGate>
  );
}

function Welcome() {
  const [params] = useSearchParams();
  const code = params.get('lga') ?? '';
  // Fresh, not the copy cached before checkout: it says whether the council is trialing or paying.
  const lga = useQuery({ ...lgaQuery(code), staleTime: 0 });
  const { access } = useAuth();
  // Arriving here straight from the checkout, `me` may predate the webhook: ask again until the
  // staff map's guards see the subscription and the account manager role.
  const ready = useStaffAccessReady(code);
  return (
    <div>
      <header className="page-header">
        <h1>Welcome aboard{lga.data ? `, ${lga.data.name}` : ''}</h1>
        <p>
          {lga.data?.customerStatus === 'trialing' ? "Your council's free trial has started." : "Your council's subscription is active."}
          {access.isAdmin ? '' : ' You are its account manager.'}
        </p>
      </header>
      <section className="panel">
        <ul>
          <li>
            {ready || !code ? <Link to="/staff-map">Open the staff map</Link> : <span role="status">Preparing your staff access…</span>}
          </li>
          {code && <li><Link to={`/lga/${code}/accounts`}>Invite your team (User Role Assignment)</Link></li>}
          {code && <li><Link to={`/lga/${code}/billing`}>Billing information and invoices</Link></li>}
        </ul>
      </section>
    </div>
  );
}
