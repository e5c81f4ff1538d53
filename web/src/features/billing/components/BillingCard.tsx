import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { customerSummaryQuery } from '../api/billing';
import { formatDate, nextPaymentDate } from '../format';
import { StatusChip } from './StatusChip';
import './billing.css';

/** The account manager's dashboard card: the council's subscription at a glance, and where to manage it. */
export function BillingCard({ lgaCode }: { lgaCode: string }) {
  const customer = useQuery(customerSummaryQuery(lgaCode));
  const link = <Link className="role-card__link" to={`/lga/${encodeURIComponent(lgaCode)}/billing`}>Billing information →</Link>;
  let body: React.ReactNode;
  if (customer.isPending) body = <p aria-busy="true" className="muted">Loading the subscription…</p>;
  else if (customer.isError)
    body = (
      <p role="alert">
        Failed to load the subscription.{' '}
        <button type="button" className="amplify-button" onClick={() => void customer.refetch()}>Try again</button>
      </p>
    );
  else if (!customer.data || customer.data.subscriptionStatus === 'none') body = <p className="muted">No subscription yet.</p>;
  else {
    const c = customer.data;
    const next = nextPaymentDate(c);
    body = (
      <dl className="facts">
        <dt>Status</dt>
        <dd><StatusChip status={c.subscriptionStatus} /></dd>
        {c.subscriptionStatus === 'trialing' && (
          <>
            <dt>Trial ends</dt>
            <dd>{formatDate(c.trialEnd)}</dd>
          </>
        )}
        <dt>{c.cancelAtPeriodEnd ? 'Ends' : 'Next payment'}</dt>
        <dd>{next ? formatDate(next) : '—'}</dd>
      </dl>
    );
  }
  return (
    <article className="panel role-card" data-card="billing" aria-labelledby={`billing-card-${lgaCode}`}>
      <p className="role-card__role">Account manager</p>
      <h3 id={`billing-card-${lgaCode}`}>Subscription and billing</h3>
      {body}
      {link}
    </article>
  );
}
