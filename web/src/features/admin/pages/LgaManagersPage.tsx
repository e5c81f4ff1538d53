import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toast-context';
import type { Role } from '../../auth/roles';
import { lgaQuery } from '../../lgas/api/lga';
import { managersQuery, removeManager, setManager } from '../../lga-admin/api/lga-admin';
import { AddManagerForm } from '../../lga-admin/components/AddManagerForm';
import { ManagersTable } from '../../lga-admin/components/ManagersTable';
import { LgaPicker } from '../components/LgaPicker';
import '../../lga-admin/components/lga-admin.css';
import '../components/admin.css';

/**
 * /admin/lga-managers: any LGA's managers and their roles. The same operations and messages as
 * /lga/{code}/accounts; the server lets admins remove the last account manager.
 */
export function LgaManagersPage() {
  const [params, setParams] = useSearchParams();
  const code = /^\d{5}$/.test(params.get('lga') ?? '') ? params.get('lga')! : '';
  const lga = useQuery(lgaQuery(code));
  const managers = useQuery({ ...managersQuery(code), enabled: !!code });
  const queryClient = useQueryClient();
  const toast = useToast();

  const attempt = async (action: () => Promise<unknown>, success: string): Promise<boolean> => {
    try {
      await action();
      toast.show({ kind: 'success', message: success });
      await queryClient.invalidateQueries({ queryKey: ['managers', code] });
      return true;
    } catch (err) {
      toast.show({ kind: 'error', message: (err as Error).message });
      return false;
    }
  };
  const onSave = (email: string, roles: Role[]) => attempt(() => setManager(code, email, roles), `Roles of ${email} are saved.`);
  const onAdd = (email: string, roles: Role[]) => attempt(() => setManager(code, email, roles), `${email} is added.`);
  const onRemove = (email: string) => attempt(() => removeManager(code, email), `${email} is removed.`);

  return (
    <div>
      <PageHeader title="LGA managers">Pick any council to see its staff and their roles, and to assign or remove them.</PageHeader>
      <LgaPicker onPick={(picked) => setParams({ lga: picked })} />
      {code && (
        <div className="accounts-grid admin-section">
          <section className="panel" aria-labelledby="staff-title">
            <h2 id="staff-title" style={{ marginTop: 0 }}>
              {lga.data ? `${lga.data.name} (${code})` : `LGA ${code}`}
            </h2>
            {lga.data && <p className="muted">Customer status: {lga.data.customerStatus}. <Link to={`/lga/${code}/accounts`}>Open its User Role Assignment</Link></p>}
            {managers.isPending ? (
              <PageLoader label="Loading staff…" />
            ) : managers.isError ? (
              <ErrorState message={managers.error.message} onRetry={() => void managers.refetch()} />
            ) : managers.data.length === 0 ? (
              <p>This LGA has no managers yet.</p>
            ) : (
              <ManagersTable managers={managers.data} onSave={onSave} onRemove={onRemove} />
            )}
          </section>
          <AddManagerForm onAdd={onAdd} />
        </div>
      )}
    </div>
  );
}
