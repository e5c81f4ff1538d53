import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toast-context';
import { useAuth } from '../../auth/auth-provider';
import { cancelSubscription, createBillingPortalSession, createCheckoutSession, customerQuery } from '../api/billing';
import { formatDate, isLiveSubscription, nextPaymentDate } from '../format';
import { useLiveCustomers } from '../hooks/useLiveCustomers';
import { InvoiceTable } from './InvoiceTable';
import { StatusChip } from './StatusChip';
import './billing.css';

/** /lga/{code}/billing: the account manager's view of the council's subscription and invoices. */
export function LgaBillingPage() {
  const code = useParams().code ?? '';
  const customer = useQuery(customerQuery(code));
  const queryClient = useQueryClient();
  const toast = useToast();
  const auth = useAuth();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const change = useLiveCustomers(code);
  const known = auth.me?.managed.find((m) => m.lgaCode === code)?.customerStatus;
  const { refresh } = auth;
  // The webhook's change reaches the guards too (the staff map closes for an ex-customer).
  useEffect(() => {
    if (change && change.lgaCode === code && change.subscriptionStatus !== known) void refresh();
  }, [change, code, known, refresh]);

  const run = async (label: string, action: () => Promise<void>) => {
    setBusy(label);
    try {
      await action();
    } catch (err) {
      toast.show({ kind: 'error', message: (err as Error).message });
    } finally {
      setBusy(null);
    }
  };

  if (customer.isPending) return <PageLoader label="Loading billing information…" />;
  if (customer.isError) return <ErrorState message={customer.error.message} onRetry={() => void customer.refetch()} />;
  const c = customer.data;
  if (!c) return <ErrorState message="Invalid LGA" />;
  const live = isLiveSubscription(c.subscriptionStatus);

  const openPortal = () => run('portal', async () => window.location.assign(await createBillingPortalSession(code)));
  const subscribe = () =>
    run('subscribe', async () => window.location.assign((await createCheckoutSession({ lgaCode: code, skipTrial: c.subscriptionStatus !== 'none' })).url));
  const cancel = () =>
    run('cancel', async () => {
      await cancelSubscription(code);
      setConfirming(false);
      toast.show({ kind: 'success', message: 'The subscription is cancelled.' });
      await queryClient.invalidateQueries({ queryKey: ['customer', code] });
      await auth.refresh();
    });

  return (
    <div>
      <header className="page-header">
        <h1>Billing information · {c.lgaName}</h1>
        <p><StatusChip status={c.subscriptionStatus} /></p>
      </header>
      <div className="billing-grid">
        <section className="panel" aria-labelledby="plan-title">
          <h2 id="plan-title">Subscription</h2>
          <dl className="facts">
            <dt>Status</dt><dd><StatusChip status={c.subscriptionStatus} /></dd>
            <dt>Trial ends</dt><dd>{formatDate(c.trialEnd)}</dd>
            <dt>Next payment</dt><dd>{formatDate(nextPaymentDate(c))}</dd>
            <dt>PO number</dt><dd>{c.poNumber ?? '—'}</dd>
          </dl>
          <div className="row-actions" style={{ marginTop: 16 }}>
            {c.stripeCustomerId && (
              <button type="button" className="amplify-button" onClick={() => void openPortal()} disabled={!!busy}>
                {busy === 'portal' ? 'Opening…' : 'Manage payment'}
              </button>
            )}
            {live && !confirming && (
              <button type="button" className="amplify-button amplify-button--warning" onClick={() => setConfirming(true)} disabled={!!busy}>
                Cancel subscription
              </button>
            )}
            {!live && (
              <button type="button" className="amplify-button amplify-button--primary" onClick={() => void subscribe()} disabled={!!busy}>
                {busy === 'subscribe' ? 'Opening checkout…' : c.subscriptionStatus === 'none' ? 'Subscribe (30-day trial)' : 'Resubscribe'}
              </button>
            )}
            <Link className="amplify-button" to={`/onboard?lga=${code}`}>Price and quote</Link>
          </div>
          {confirming && (
            <div role="alertdialog" aria-labelledby="cancel-title" aria-describedby="cancel-text" className="panel" style={{ marginTop: 16 }}>
              <h3 id="cancel-title">Cancel the subscription?</h3>
              <p id="cancel-text">Closures, report moderation, communications and the staff map close for your staff straight away. Your data is kept and you can resubscribe at any time.</p>
              <div className="row-actions">
                <button type="button" className="amplify-button amplify-button--primary" onClick={() => void cancel()} disabled={!!busy}>
                  {busy === 'cancel' ? 'Cancelling…' : 'Yes, cancel'}
                </button>
                <button type="button" className="amplify-button" onClick={() => setConfirming(false)} disabled={!!busy}>Keep subscription</button>
              </div>
            </div>
          )}
        </section>
      </div>
      <section className="panel" aria-labelledby="invoices-title" style={{ marginTop: 20 }}>
        <h2 id="invoices-title">Invoices</h2>
        <div className="table-scroll"><InvoiceTable invoices={c.invoices} /></div>
      </section>
    </div>
  );
}
