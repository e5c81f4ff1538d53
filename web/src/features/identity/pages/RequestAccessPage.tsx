import { Alert, Button } from '@aws-amplify/ui-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageLoader } from '../../../components/PageLoader';
import { useAuth } from '../../auth/auth-provider';
import type { Role } from '../../auth/roles';
import { RoleCheckboxes } from '../../lga-admin/components/RoleCheckboxes';
import { LgaPicker } from '../../profile/components/LgaPicker';
import { lgasQuery, myAccessRequestsQuery, requestLgaAccess, type AccessRequest } from '../api/identity';
import { MyAccessRequests } from '../components/MyAccessRequests';
import '../../lga-admin/components/lga-admin.css';

export const SIGNED_OUT_MESSAGE = 'You must be signed in as a staff member to request access to an LGA';

/** Staff ask a council's account managers for access; roles are optional (spec §5). */
export function RequestAccessPage() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const lgas = useQuery(lgasQuery);
  const mine = useQuery(myAccessRequestsQuery(auth.status === 'signedIn'));
  const [lgaCode, setLgaCode] = useState<string | null>(null);
  const [roles, setRoles] = useState<Role[]>([]);
  const [lgaError, setLgaError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<AccessRequest | null>(null);
  const [busy, setBusy] = useState(false);

  if (auth.status !== 'signedIn') return <ErrorState title="Request access to an LGA" message={SIGNED_OUT_MESSAGE} />;
  if (lgas.isPending) return <PageLoader label="Loading councils…" />;
  if (lgas.isError) return <ErrorState message={lgas.error.message} onRetry={() => void lgas.refetch()} />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!lgaCode) return setLgaError('Choose the council you work for');
    setLgaError(undefined);
    setBusy(true);
    try {
      const request = await requestLgaAccess(lgaCode, roles);
      setSent(request);
      // `me` carries canRequestAccess (false while the request is pending).
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['myAccessRequests'] }), queryClient.invalidateQueries({ queryKey: ['me'] })]);
    } catch (err) {
      // The API answers with the spec's texts (signed out, no managed claim, already staff or pending).
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const pending = (mine.data ?? []).filter((r) => r.status === 'pending');
  return (
    <div style={{ maxWidth: 720 }}>
      <header className="page-header">
        <h1>Request access to an LGA</h1>
        <p>Ask your council's account managers to add you. They can accept, adjust the roles or decline.</p>
      </header>
      {sent ? (
        <Alert variation="success" role="status" heading="Request sent">
          Your request to {sent.lgaName ?? sent.lgaCode} is pending. You will see the answer on your <Link to="/dashboard">dashboard</Link>.
        </Alert>
      ) : (
        <form className="panel panel-stack" aria-label="Request access" noValidate onSubmit={(e) => void onSubmit(e)}>
          {pending.length > 0 && (
            <Alert variation="info">You already have a pending request. You can still ask another council.</Alert>
          )}
          {error && <Alert variation="error" role="alert">{error}</Alert>}
          <LgaPicker label="Council (LGA)" lgas={lgas.data} value={lgaCode} onChange={setLgaCode} errorMessage={lgaError} />
          <RoleCheckboxes legend="Roles you need (optional)" idPrefix="request" value={roles} onChange={setRoles} />
          <div><Button type="submit" variation="primary" isLoading={busy} loadingText="Sending…">Send request</Button></div>
        </form>
      )}
      {(mine.data?.length ?? 0) > 0 && (
        <section className="panel" style={{ marginTop: 20 }}>
          <MyAccessRequests requests={mine.data!} />
        </section>
      )}
    </div>
  );
}
