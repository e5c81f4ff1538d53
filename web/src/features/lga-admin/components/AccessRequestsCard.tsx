import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { accessRequestsQuery } from '../api/lga-admin';
import { formatRequestedAt } from './AccessRequestsPanel';
import './lga-admin.css';

export const CARD_LIMIT = 5;

/** The account manager's dashboard card: the five newest pending requests and how many there are. */
export function AccessRequestsCard({ lgaCode }: { lgaCode: string }) {
  const requests = useQuery(accessRequestsQuery(lgaCode, CARD_LIMIT));
  const to = `/lga/${encodeURIComponent(lgaCode)}/accounts`;
  if (requests.isPending) return <p className="muted" aria-busy="true">Loading access requests…</p>;
  if (requests.isError) return <p className="form-error" role="alert">Failed to load access requests: {requests.error.message}</p>;
  const { items, pendingCount } = requests.data;
  return (
    <div className="access-requests-card">
      <p className="role-card__count"><strong>{pendingCount}</strong> pending</p>
      {items.length === 0 ? (
        <p className="muted">Nobody is waiting for access.</p>
      ) : (
        <ul className="card-list">
          {items.map((r) => (
            <li key={r.id}>
              <span>{r.displayName ?? r.email}</span>
              <span className="muted">{formatRequestedAt(r.requestedAt)}</span>
            </li>
          ))}
        </ul>
      )}
      {pendingCount > items.length && <Link to={to}>See all {pendingCount} requests</Link>}
    </div>
  );
}
