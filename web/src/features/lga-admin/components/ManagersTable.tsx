import { Button } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { Role } from '../../auth/roles';
import type { Manager } from '../api/lga-admin';
import { RoleCheckboxes, RoleChips } from './RoleCheckboxes';

interface ManagersTableProps {
  managers: Manager[];
  onSave(email: string, roles: Role[]): Promise<boolean>;
  onRemove(email: string): Promise<boolean>;
}

function ManagerRow({ manager, onSave, onRemove }: { manager: Manager } & Omit<ManagersTableProps, 'managers'>) {
  const [mode, setMode] = useState<'view' | 'edit' | 'remove'>('view');
  const [roles, setRoles] = useState<string[]>(manager.roles);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<boolean>) => {
    setBusy(true);
    const ok = await action();
    setBusy(false);
    if (ok) setMode('view');
  };
  return (
    <tr data-email={manager.email}>
      <td>
        <strong>{manager.displayName ?? manager.email}</strong>
        {manager.displayName && <div className="muted">{manager.email}</div>}
        {!manager.registered && <div className="muted">Invited: no account yet</div>}
      </td>
      <td>
        {mode === 'edit' ? (
          <RoleCheckboxes legend={`Roles for ${manager.email}`} idPrefix={`edit-${manager.email}`} value={roles} onChange={setRoles}
            error={roles.length === 0 ? 'Choose at least one role (or remove the user)' : undefined} />
        ) : (
          <RoleChips roles={manager.roles} />
        )}
      </td>
      <td>
        <div className="row-actions">
          {mode === 'view' && (
            <>
              <Button size="small" onClick={() => { setRoles(manager.roles); setMode('edit'); }} aria-label={`Edit roles of ${manager.email}`}>Edit roles</Button>
              <Button size="small" variation="destructive" onClick={() => setMode('remove')} aria-label={`Remove ${manager.email}`}>Remove</Button>
            </>
          )}
          {mode === 'edit' && (
            <>
              <Button size="small" variation="primary" isLoading={busy} isDisabled={roles.length === 0}
                onClick={() => void run(() => onSave(manager.email, roles as Role[]))}>Save roles</Button>
              <Button size="small" onClick={() => setMode('view')}>Cancel</Button>
            </>
          )}
          {mode === 'remove' && (
            <div role="group" aria-label={`Confirm removing ${manager.email}`}>
              <p style={{ margin: '0 0 6px' }}>Remove {manager.email} from this council?</p>
              <div className="row-actions">
                <Button size="small" variation="destructive" isLoading={busy} onClick={() => void run(() => onRemove(manager.email))}>Yes, remove</Button>
                <Button size="small" onClick={() => setMode('view')}>Keep</Button>
              </div>
            </div>
          )}
        </div>
      </td>
    </tr>
  );
}

export function ManagersTable({ managers, onSave, onRemove }: ManagersTableProps) {
  if (managers.length === 0) return <p className="muted">No staff are assigned to this council yet.</p>;
  return (
    <table className="accounts-table" aria-label="Staff and their roles">
      <thead>
        <tr><th scope="col">User</th><th scope="col">Roles</th><th scope="col">Actions</th></tr>
      </thead>
      <tbody>
        {managers.map((m) => <ManagerRow key={`${m.email}:${m.roles.join(',')}`} manager={m} onSave={onSave} onRemove={onRemove} />)}
      </tbody>
    </table>
  );
}
