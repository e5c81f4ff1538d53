import { Badge } from '@aws-amplify/ui-react';
import type { AccessRequest } from '../api/identity';
import { RoleChips } from '../../lga-admin/components/RoleCheckboxes';

const STATUS: Record<string, { label: string; variation: 'info' | 'success' | 'error' }> = {
  pending: { label: 'Pending', variation: 'info' },
  accepted: { label: 'Accepted', variation: 'success' },
  rejected: { label: 'Rejected', variation: 'error' },
};

/** The requester's view of their access requests and how each was answered. */
export function MyAccessRequests({ requests }: { requests: AccessRequest[] }) {
  const sorted = requests.slice().sort((a, b) => b.requestedAt - a.requestedAt);
  return (
    <div aria-labelledby="my-requests-title">
      <h2 id="my-requests-title" style={{ marginTop: 0 }}>Your access requests</h2>
      <ul className="card-list">
        {sorted.map((r) => {
          const status = STATUS[r.status] ?? { label: r.status, variation: 'info' as const };
          return (
            <li key={r.id} className="request-item" data-status={r.status}>
              <div>
                <strong>{r.lgaName ?? `LGA ${r.lgaCode}`}</strong> <Badge variation={status.variation}>{status.label}</Badge>
              </div>
              <div className="muted">
                {r.status === 'accepted' ? 'Granted: ' : 'Asked for: '}
                <RoleChips roles={r.status === 'accepted' ? (r.grantedRoles ?? r.roles) : r.roles} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
