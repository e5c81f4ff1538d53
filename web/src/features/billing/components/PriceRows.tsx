import type { Price } from '../api/billing';
import { describeDiscount, discountTerm, formatCents } from '../format';

/**
 * The price lines of a council's subscription inside a <dl className="facts">: the yearly price,
 * the onboarding discount when the council has one, GST (on the discounted amount, as Stripe
 * charges it), the total, and what later years cost when the discount does not last.
 */
export function PriceRows({ price: p }: { price: Price }) {
  const d = p.discount;
  const limited = d && d.duration !== 'forever';
  const totalTerm = !limited ? `per ${p.interval}` : d.duration === 'once' ? `for the first ${p.interval}` : `per ${p.interval} for ${discountTerm(d)}`;
  return (
    <>
      <dt>Subscription</dt><dd>{formatCents(p.unitAmount, p.currency)} per {p.interval}</dd>
      {d && (
        <>
          <dt>Discount</dt>
          <dd>
            −{formatCents(p.discountAmount ?? 0, p.currency)}{' '}
            <span className="muted">({d.name ? `${d.name}: ` : ''}{describeDiscount(d)})</span>
          </dd>
        </>
      )}
      <dt>GST (10%)</dt><dd>{formatCents(p.gst, p.currency)}</dd>
      <dt>Total</dt>
      <dd><strong>{formatCents(p.total, p.currency)}</strong> {totalTerm}</dd>
      {limited && p.listTotal != null && (
        <>
          <dt>After that</dt>
          <dd>{formatCents(p.listTotal, p.currency)} per {p.interval}</dd>
        </>
      )}
    </>
  );
}
