import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toast-context';
import { useAuth } from '../../auth/auth-provider';
import type { Role } from '../../auth/roles';
import { lgaQuery } from '../../lgas/api/lga';
import { accessRequestsQuery, managersQuery, removeManager, respondToAccessRequest, setManager } from '../api/lga-admin';
import { AccessRequestsPanel, type Respond } from '../components/AccessRequestsPanel';
import { AddManagerForm } from '../components/AddManagerForm';
import { ManagersTable } from '../components/ManagersTable';
import '../components/lga-admin.css';

/** /lga/{code}/accounts — User Role Assignment: the council's staff, their roles, and access requests. */
export function AccountsPage() {
  const code = useParams().code ?? '';
  const auth = useAuth();
  const toast = useToast();
  const queryClient = useQueryClient();
  const lga = useQuery(lgaQuery(code));
  const managers = useQuery(managersQuery(code));
  const requests = useQuery(accessRequestsQuery(code));

  const afterChange = async (email?: string) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['managers', code] }),
      queryClient.invalidateQueries({ queryKey: ['accessRequests', code] }),
    ]);
    // Changing one's own roles changes what the app lets one open.
    if (email && email === auth.me?.email) await auth.refresh();
  };

  /** Runs a change; shows the server's message (e.g. the last-account-manager Conflict) and reports success. */
  const attempt = async (action: () => Promise<unknown>, success: string, email?: string): Promise<boolean> => {
    try {
      await action();
      toast.show({ kind: 'success', message: success });
      await afterChange(email);
      return true;
    } catch (err) {
      toast.show({ kind: 'error', message: (err as Error).message });
      return false;
    }
  };

  const onSave = (email: string, roles: Role[]) => attempt(() => setManager(code, email, roles), `Roles of ${email} are saved.`, email);
  const onAdd = (email: string, roles: Role[]) => attempt(() => setManager(code, email, roles), `${email} is added.`, email);
  const onRemove = (email: string) => attempt(() => removeManager(code, email), `${email} is removed.`, email);
  const onRespond: Respond = (request, decision, roles) =>
    attempt(
      () => respondToAccessRequest(code, request.id, decision, roles),
      decision === 'ACCEPT' ? `${request.email} now has access.` : `The request of ${request.email} is rejected.`,
      request.email,
    );

  const title = lga.data?.name ? `User Role Assignment · ${lga.data.name}` : 'User Role Assignment';
  return (
    <div>
      <header className="page-header">
        <h1>{title}</h1>
        <p>Who works on this council's roads in the app, and what each of them may do.</p>
      </header>
      <div className="accounts-grid">
        <section className="panel" aria-labelledby="staff-title">
          <h2 id="staff-title" style={{ marginTop: 0 }}>Staff</h2>
          {managers.isPending ? (
            <PageLoader label="Loading staff…" />
          ) : managers.isError ? (
            <ErrorState message={managers.error.message} onRetry={() => void managers.refetch()} />
          ) : (
            <ManagersTable managers={managers.data} onSave={onSave} onRemove={onRemove} />
          )}
        </section>
        <div className="panel-stack">
          <section className="panel" aria-labelledby="requests-title">
            <h2 id="requests-title" style={{ marginTop: 0 }}>
              Pending access requests{requests.data ? ` (${requests.data.pendingCount})` : ''}
            </h2>
            {requests.isPending ? (
              <p className="muted">Loading…</p>
            ) : requests.isError ? (
              <ErrorState message={`Failed to load access requests: ${requests.error.message}`} onRetry={() => void requests.refetch()} />
            ) : (
              <AccessRequestsPanel requests={requests.data.items} onRespond={onRespond} />
            )}
          </section>
          <AddManagerForm onAdd={onAdd} />
        </div>
      </div>
    </div>
  );
}
