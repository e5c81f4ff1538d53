import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toast-context';
import { customerQuery, removeOnboardingDiscount, setOnboardingDiscount, updateCustomer, type Customer, type DiscountInput } from '../api/billing';
import { formatCents, formatDate, formatTableTimestamp } from '../format';
import { useLiveCustomers } from '../hooks/useLiveCustomers';
import { CustomerSettingsForm } from './CustomerSettingsForm';
import { SmsCapForm } from './SmsCapForm';
import { DuplicateSubscriptions } from './DuplicateSubscriptions';
import { InvoiceTable } from './InvoiceTable';
import { OnboardingDiscountForm } from './OnboardingDiscountForm';
import { StatusChip } from './StatusChip';
import './billing.css';

/** /customer/{code}: one council as a customer, for platform administrators. */
export function CustomerDetailPage() {
  const code = useParams().code ?? '';
  const customer = useQuery(customerQuery(code));
  const queryClient = useQueryClient();
  const toast = useToast();
  useLiveCustomers(code);

  if (customer.isPending) return <PageLoader label="Loading customer…" />;
  if (customer.isError) return <ErrorState message={customer.error.message} onRetry={() => void customer.refetch()} />;
  const c = customer.data;
  if (!c) return <ErrorState message="Invalid LGA" />;

  const onSave = async (input: { emailSuffix: string; classification?: string }) => {
    try {
      const saved = await updateCustomer(code, input);
      queryClient.setQueryData(['customer', code], saved);
      await queryClient.invalidateQueries({ queryKey: ['customers'] });
      toast.show({ kind: 'success', message: `Settings of ${saved.lgaName} are saved.` });
      return true;
    } catch (err) {
      toast.show({ kind: 'error', message: (err as Error).message });
      return false;
    }
  };

  const saveDiscount = async (change: () => Promise<Customer>, message: (saved: Customer) => string) => {
    try {
      const saved = await change();
      queryClient.setQueryData(['customer', code], saved);
      await queryClient.invalidateQueries({ queryKey: ['checkoutPrice', code] });
      toast.show({ kind: 'success', message: message(saved) });
      return true;
    } catch (err) {
      toast.show({ kind: 'error', message: (err as Error).message });
      return false;
    }
  };
  const onOffer = (input: DiscountInput) => saveDiscount(() => setOnboardingDiscount(code, input), (saved) => `${saved.lgaName} is offered the discount.`);
  const onWithdraw = () => saveDiscount(() => removeOnboardingDiscount(code), (saved) => `The discount of ${saved.lgaName} is withdrawn.`);

  return (
    <div>
      <header className="page-header">
        <p><Link to="/admin/customers">← Customers</Link></p>
        <h1>{c.lgaName} <span className="muted">{c.lgaCode}</span></h1>
        <p>
          <StatusChip status={c.subscriptionStatus} />
          {c.paymentStatus && c.paymentStatus !== 'none' ? <span className="muted"> · payment {c.paymentStatus}</span> : null}
        </p>
      </header>
      <DuplicateSubscriptions subscriptions={c.subscriptions ?? []} />
      <div className="billing-grid">
        <section className="panel" aria-labelledby="subscription-title">
          <h2 id="subscription-title">Subscription</h2>
          <dl className="facts">
            <dt>Trial ends</dt><dd>{formatDate(c.trialEnd)}</dd>
            <dt>Period ends</dt><dd>{formatDate(c.currentPeriodEnd)}{c.cancelAtPeriodEnd ? ' (cancels then)' : ''}</dd>
            <dt>PO number</dt><dd>{c.poNumber ?? '—'}</dd>
            <dt>Stripe customer</dt><dd>{c.stripeCustomerId ?? '—'}</dd>
            <dt>Subscribers</dt><dd>{c.subscriberCount ?? 0}</dd>
            <dt>Closures</dt><dd>{c.closureCount ?? 0}</dd>
            <dt>Last activity</dt><dd>{formatDate(c.lastActivity)}</dd>
          </dl>
        </section>
        <section className="panel" aria-labelledby="settings-title">
          <h2 id="settings-title">Settings</h2>
          <CustomerSettingsForm key={`${c.emailSuffix}-${c.classification}`} customer={c} onSave={onSave} />
        </section>
        <section className="panel" aria-labelledby="sms-title">
          <h2 id="sms-title">Text alerts</h2>
          <SmsCapForm lgaCode={c.lgaCode} />
        </section>
        <section className="panel" aria-labelledby="discount-title">
          <h2 id="discount-title">Onboarding discount</h2>
          <OnboardingDiscountForm customer={c} onSave={onOffer} onRemove={onWithdraw} />
        </section>
        <section className="panel" aria-labelledby="managers-title">
          <h2 id="managers-title">Managers</h2>
          {c.managers.length === 0 ? <p className="muted">No staff yet.</p> : (
            <ul className="card-list">
              {c.managers.map((m) => <li key={m.email}><strong>{m.email}</strong><span className="muted">{m.roles.join(', ')}</span></li>)}
            </ul>
          )}
        </section>
      </div>
      <section className="panel" aria-labelledby="invoices-title" style={{ marginTop: 20 }}>
        <h2 id="invoices-title">Invoices</h2>
        <div className="table-scroll"><InvoiceTable invoices={c.invoices} /></div>
      </section>
      <section className="panel" aria-labelledby="sessions-title" style={{ marginTop: 20 }}>
        <h2 id="sessions-title">Checkout sessions</h2>
        {c.checkoutSessions.length === 0 ? <p className="muted">No checkout started yet.</p> : (
          <table className="billing-table" aria-label="Checkout sessions">
            <thead><tr><th>Started</th><th>By</th><th>Status</th><th>PO number</th><th>Total</th><th>Discount</th><th>Trial</th></tr></thead>
            <tbody>
              {c.checkoutSessions.map((s) => (
                <tr key={s.id}>
                  <td>{formatTableTimestamp(s.created)}</td>
                  <td>{s.email ?? '—'}</td>
                  <td>{s.status}</td>
                  <td>{s.poNumber ?? '—'}</td>
                  <td>{s.amount === null ? '—' : formatCents(s.amount)}</td>
                  <td>{s.amountDiscount ? `−${formatCents(s.amountDiscount)}` : '—'}</td>
                  <td>{s.skipTrial ? 'No' : 'Yes'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
