import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { pendingClustersCard } from '../api/reports';
import { formatTableTimestamp } from '../../closures/format';

/** The submission moderator's dashboard card: five most recent pending clusters and the count. */
export function PendingClustersCard({ lgaCode }: { lgaCode: string }) {
  const card = useQuery({ queryKey: ['reports', 'card', lgaCode], queryFn: () => pendingClustersCard(lgaCode) });
  if (card.isPending) return <p aria-busy="true" className="muted">Loading incident reports…</p>;
  // Spec §8: counts on error fall back to 0, with a toast-like note.
  if (card.isError) return <p className="role-card__status muted" role="status">Failed to load incident reports. 0 pending.</p>;
  const { count, items } = card.data;
  return (
    <div data-testid="pending-clusters-card">
      <p className="role-card__body"><strong>{count}</strong> pending cluster{count === 1 ? '' : 's'}</p>
      {items.length > 0 && (
        <ul className="role-card__list">
          {items.map((c) => (
            <li key={c.id}>
              <Link to={`/report-clusters/${c.id}?lga=${lgaCode}`}>{c.type.text}</Link>: {c.reportCount} report{c.reportCount === 1 ? '' : 's'}
              {c.formattedAddress ? `, ${c.formattedAddress}` : ''} <span className="muted">({formatTableTimestamp(c.updatedAt)})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
