import type { Invoice } from '../api/billing';
import { formatCents, formatTableTimestamp } from '../format';

/** Invoices in AUD from cents, newest first, with any discount, each with Stripe's hosted invoice page. */
export function InvoiceTable({ invoices }: { invoices: Invoice[] }) {
  if (invoices.length === 0) return <p className="muted">No invoices yet.</p>;
  return (
    <table className="billing-table" aria-label="Invoices">
      <thead>
        <tr><th>Date</th><th>Number</th><th>Status</th><th>Discount</th><th>Amount due</th><th>Paid</th><th><span className="visually-hidden">Link</span></th></tr>
      </thead>
      <tbody>
        {invoices.map((i) => (
          <tr key={i.id}>
            <td>{formatTableTimestamp(i.created)}</td>
            <td>{i.number ?? '—'}</td>
            <td>{i.status}</td>
            <td>{i.amountDiscount ? `−${formatCents(i.amountDiscount, i.currency)}` : '—'}</td>
            <td>{formatCents(i.amountDue, i.currency)}</td>
            <td>{formatCents(i.amountPaid, i.currency)}</td>
            <td>{i.hostedInvoiceUrl ? <a href={i.hostedInvoiceUrl} target="_blank" rel="noreferrer">View invoice<span className="visually-hidden"> {i.number ?? i.id}</span></a> : null}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
