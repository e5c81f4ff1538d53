import { Button } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { Role } from '../../auth/roles';
import { formatTableTimestamp } from '../../closures/format';
import type { AccessRequest } from '../../identity/api/identity';
import { RoleCheckboxes, RoleChips } from './RoleCheckboxes';

export type Respond = (request: AccessRequest, decision: 'ACCEPT' | 'REJECT', roles?: Role[]) => Promise<boolean>;

export const formatRequestedAt = formatTableTimestamp;

function RequestItem({ request, onRespond }: { request: AccessRequest; onRespond: Respond }) {
  const [adjusting, setAdjusting] = useState(false);
  const [roles, setRoles] = useState<string[]>(request.roles);
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, decision: 'ACCEPT' | 'REJECT', granted?: string[]) => {
    setBusy(key);
    await onRespond(request, decision, granted as Role[] | undefined);
    setBusy(null);
  };
  const who = request.displayName ?? request.email;
  return (
    <li className="request-item" data-request={request.id}>
      <div>
        <strong>{who}</strong>{request.displayName && <span className="muted"> · {request.email}</span>}
        <div className="muted">Asked {formatRequestedAt(request.requestedAt)} for: <RoleChips roles={request.roles} /></div>
      </div>
      {adjusting && (
        <RoleCheckboxes legend={`Roles to grant ${who}`} idPrefix={`grant-${request.id}`} value={roles} onChange={setRoles}
          error={roles.length === 0 ? 'Choose at least one role' : undefined} />
      )}
      <div className="row-actions">
        {adjusting ? (
          <>
            <Button size="small" variation="primary" isDisabled={roles.length === 0} isLoading={busy === 'adjusted'}
              onClick={() => void run('adjusted', 'ACCEPT', roles)}>Accept with these roles</Button>
            <Button size="small" onClick={() => setAdjusting(false)}>Cancel</Button>
          </>
        ) : (
          <>
            {/* With no roles asked for there is nothing to accept as is: the manager must pick some. */}
            {request.roles.length > 0 && (
              <Button size="small" variation="primary" isLoading={busy === 'accept'} onClick={() => void run('accept', 'ACCEPT')}
                aria-label={`Accept ${who}`}>Accept</Button>
            )}
            {/* The spoken name starts with the visible words, so speech users can say what they see. */}
            <Button size="small" onClick={() => setAdjusting(true)}>
              Accept with adjusted roles<span className="visually-hidden"> for {who}</span>
            </Button>
            <Button size="small" variation="destructive" isLoading={busy === 'reject'} onClick={() => void run('reject', 'REJECT')}
              aria-label={`Reject ${who}`}>Reject</Button>
          </>
        )}
      </div>
    </li>
  );
}

export function AccessRequestsPanel({ requests, onRespond }: { requests: AccessRequest[]; onRespond: Respond }) {
  if (requests.length === 0) return <p className="muted">No pending access requests.</p>;
  return <ul className="card-list">{requests.map((r) => <RequestItem key={r.id} request={r} onRespond={onRespond} />)}</ul>;
}
