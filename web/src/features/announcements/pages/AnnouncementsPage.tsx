// /lga/{code}/announcements and /comms/announcements: the LGA's announcements, newest first, with
// archive, reactivate (optionally with a new expiry) and delete, and the unsealed roads modal.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toast-context';
import { ConfirmDialog } from '../../closures/components/ConfirmDialog';
import { formatTableTimestamp, fromDatetimeLocal } from '../../closures/format';
import { isValidCustomerStatus } from '../../auth/access';
import { useAuth } from '../../auth/auth-provider';
import type { RouteDef } from '../../routing/route-table';
import { archiveAnnouncement, deleteAnnouncement, fetchAnnouncements, reactivateAnnouncement, type Announcement } from '../api/announcements';
import { useUnsealedRoads } from '../hooks/useUnsealedRoads';
import { UnsealedRoadsBanner } from '../components/UnsealedRoadsBanner';
import { UnsealedRoadsModal } from '../components/UnsealedRoadsModal';
import { expiryProblem, minExpiryLocal } from '../validation';
import '../announcements.css';

const nowSeconds = () => Math.floor(Date.now() / 1000);

function AnnouncementItem({ a, onChanged }: { a: Announcement; onChanged(): void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [expiry, setExpiry] = useState('');
  const [expiryError, setExpiryError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toast.show({ kind: 'success', message: done });
      onChanged();
    } catch (error) {
      toast.show({ kind: 'error', message: (error as Error).message });
    } finally {
      setBusy(false);
      setConfirmDelete(false);
    }
  };
  const reactivate = () => {
    const problem = expiryProblem(expiry, nowSeconds());
    setExpiryError(problem ?? null);
    if (!problem) void run(() => reactivateAnnouncement(a.id, fromDatetimeLocal(expiry)), 'The announcement is active again.');
  };
  const expiryId = `reactivate-expiry-${a.id}`;
  return (
    <li className="panel ann-item" data-testid="announcement" data-status={a.status}>
      <h3>{a.title}</h3>
      <p>
        <span className={`ann-status ann-status--${a.status}`}>{a.status === 'active' ? 'Active' : 'Archived'}</span>{' '}
        <span className="muted">Posted {formatTableTimestamp(a.createdAt)}{a.expiresAt ? ` · expires ${formatTableTimestamp(a.expiresAt)}` : ''}</span>
      </p>
      {a.vehicleRestrictions?.enabled && a.vehicleRestrictions.maxGVM != null && <p>Vehicles over {a.vehicleRestrictions.maxGVM} t GVM must not use unsealed roads.</p>}
      {a.message && <p>{a.message}</p>}
      <p className="muted">{a.notificationSent ? 'Subscribers were notified.' : 'Subscribers not notified yet.'}</p>
      <div className="ann-item__actions">
        {a.status === 'active' ? (
          <button type="button" className="ann-button ann-button--secondary" disabled={busy} onClick={() => void run(() => archiveAnnouncement(a.id), 'The announcement is archived.')}>
            Archive
          </button>
        ) : (
          <>
            <div className="unsealed-field">
              <label htmlFor={expiryId}>New expiry (optional)</label>
              <input id={expiryId} type="datetime-local" min={minExpiryLocal(nowSeconds())} value={expiry} onChange={(e) => setExpiry(e.target.value)} aria-invalid={Boolean(expiryError)} />
              {expiryError && <p className="unsealed-field__error" role="alert">{expiryError}</p>}
            </div>
            <button type="button" className="ann-button ann-button--secondary" disabled={busy} onClick={reactivate}>Reactivate</button>
          </>
        )}
        <button type="button" className="ann-button ann-button--danger" disabled={busy} onClick={() => setConfirmDelete(true)}>Delete</button>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this announcement?"
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={() => void run(() => deleteAnnouncement(a.id), 'The announcement is deleted.')}
        onCancel={() => setConfirmDelete(false)}
      >
        <p>“{a.title}” is removed for good.</p>
      </ConfirmDialog>
    </li>
  );
}

export function AnnouncementsPage({ def }: { def: RouteDef }) {
  const params = useParams();
  const { me } = useAuth();
  // /comms/announcements: the first LGA where the user manages announcements.
  const lgaCode = params.code ?? me?.managed.find((m) => m.roles.includes('announcement_manager'))?.lgaCode ?? me?.managed[0]?.lgaCode ?? '';
  const managedLga = me?.managed.find((m) => m.lgaCode === lgaCode);
  const lgaName = managedLga?.lgaName ?? undefined;
  // A council whose subscription has ended: the API lists only what the public sees and refuses
  // every change, so the page says so instead of "No announcements yet".
  const ended = managedLga !== undefined && !isValidCustomerStatus(managedLga.customerStatus);
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['announcements', lgaCode], queryFn: () => fetchAnnouncements(lgaCode), enabled: Boolean(lgaCode) });
  const roads = useUnsealedRoads(lgaCode);
  const [modalOpen, setModalOpen] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['announcements', lgaCode] });
    roads.reload();
  };

  return (
    <div className="ann-page">
      <PageHeader title={def.title} />
      <div className="ann-page__head">
        <p>Announcements of {lgaName ?? `LGA ${lgaCode}`}</p>
        <button type="button" className="ann-button" onClick={() => setModalOpen(true)} disabled={!roads.data || ended}>Change unsealed roads status</button>
      </div>
      {ended && (
        <p className="ann-notice" role="status">
          The subscription of {lgaName ?? `LGA ${lgaCode}`} is not active: only the announcements the public sees are listed, and
          announcements and the unsealed roads status cannot be changed until the council subscribes again.
        </p>
      )}
      <UnsealedRoadsBanner lgaCode={lgaCode} lgaName={lgaName} showOpen />
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <ErrorState message={(list.error as Error).message} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p>{ended ? 'No announcement is active.' : 'No announcements yet.'} Unsealed roads count as open.</p>
      ) : (
        <ul className="ann-list">
          {list.data.map((a) => (
            <AnnouncementItem key={`${a.id}:${a.updatedAt}:${a.status}`} a={a} onChanged={refresh} />
          ))}
        </ul>
      )}
      <UnsealedRoadsModal
        open={modalOpen}
        lgaCode={lgaCode}
        lgaName={lgaName}
        current={roads.data}
        onClose={() => setModalOpen(false)}
        onSaved={() => {
          setModalOpen(false);
          refresh();
        }}
      />
    </div>
  );
}
