import type { CouncilSubscription } from '../api/billing';
import { formatCents, formatDate } from '../format';

/** What became of one duplicate, in the administrator's words (the rule is in docs/security.md). */
function outcome(s: CouncilSubscription): string {
  if (s.resolution === 'cancelled_refunded') {
    return s.refundedAmount
      ? `It was cancelled at once and its payment of ${formatCents(s.refundedAmount)} was refunded in full.`
      : 'It was cancelled at once; it had not charged anything.';
  }
  if (s.resolution === 'failed') return 'It could not be cancelled automatically: cancel it and refund its payments in Stripe.';
  return 'It is being cancelled and refunded.';
}

/**
 * The administrators' flag on a council that paid for a second subscription: a council keeps its
 * earliest live subscription; each later one is cancelled and refunded, and shown here.
 */
export function DuplicateSubscriptions({ subscriptions }: { subscriptions: CouncilSubscription[] }) {
  const duplicates = subscriptions.filter((s) => s.duplicateOf);
  if (duplicates.length === 0) return null;
  return (
    <section className="panel duplicate-flag" aria-labelledby="duplicate-title">
      <h2 id="duplicate-title">Second subscription</h2>
      <ul>
        {duplicates.map((s) => (
          <li key={s.id}>
            <p>
              A second subscription (<code>{s.id}</code>) started on {formatDate(s.created)}, beside the one the council keeps (<code>{s.duplicateOf}</code>).{' '}
              <strong>{outcome(s)}</strong>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
