import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { approveCluster, getCluster, rejectCluster, type PlacedRegion } from '../api/reports';
import { ConfirmDialog } from '../../closures/components/ConfirmDialog';
import { ClusterAdjustForm } from './ClusterAdjustForm';
import { ModerationOffNotice, useCanModerateNow } from './ModerationOffNotice';
import { PublicReasonField } from './PublicReasonField';
import { MediaStrip, StatusBadge } from './ReportParts';
import './reports.css';
import { formatTableTimestamp } from '../../closures/format';

// The map and drawing tools load with the first cluster opened, not with the app.
const ClosurePlacer = lazy(() => import('../../staff-map/StaffMapPage').then((m) => ({ default: m.ClosurePlacer })));

/**
 * /report-clusters/{id}: the member reports with photos, approve (creates the closure, with the
 * public reason the moderator writes or confirms) or reject.
 */
export function ClusterDetailPage() {
  const { clusterId = '' } = useParams();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [publicReason, setPublicReason] = useState('');
  const [confirmApprove, setConfirmApprove] = useState(false);
  // The line approving creates, as the moderator sees it on the map (none yet: approving waits).
  const [placed, setPlaced] = useState<PlacedRegion[] | null>(null);
  const key = ['reports', 'cluster', clusterId];
  const cluster = useQuery({ queryKey: key, queryFn: () => getCluster(clusterId) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['reports'] });
  const approve = useMutation({
    mutationFn: () => approveCluster(clusterId, publicReason, placed),
    onSuccess: refresh,
    onSettled: () => setConfirmApprove(false),
  });
  const reject = useMutation({ mutationFn: () => rejectCluster(clusterId, reason), onSuccess: refresh });

  const canModerate = useCanModerateNow(cluster.data?.lgaCode ?? '');

  if (cluster.isPending) return <p aria-busy="true">Loading the cluster…</p>;
  if (cluster.isError) return <ErrorState message={cluster.error.message} onRetry={() => void cluster.refetch()} />;
  const c = cluster.data;
  if (!c) return <ErrorState message={`Report cluster ${clusterId} not found`} />;
  const failure = approve.error ?? reject.error;

  return (
    <div className="reports-page">
      <PageHeader title={`${c.type.text}: ${c.reportCount} report${c.reportCount === 1 ? '' : 's'}`}>
        {c.formattedAddress ?? `${c.center.lat.toFixed(5)}, ${c.center.lng.toFixed(5)}`} · within {Math.round(c.radius)} m
      </PageHeader>
      <div className="panel">
        <p>Status: <StatusBadge status={c.status} />{c.reason ? <> · Reason: {c.reason}</> : null}</p>
        {c.closureId && <p>Closure created. <Link to={`/closures/${c.closureId}/detail`}>Open the closure</Link> to redraw its region.</p>}
        <MediaStrip media={c.media} />
        {c.status === 'pending' && !canModerate && <ModerationOffNotice lgaCode={c.lgaCode} />}
        {c.status === 'pending' && canModerate && (
          <Suspense fallback={<p aria-busy="true">Loading the map…</p>}>
            <ClosurePlacer at={c.center} proposed={c.proposedRegion ?? null} onChange={setPlaced} />
          </Suspense>
        )}
        {c.status === 'pending' && canModerate && (
          <div className="report-actions">
            <PublicReasonField value={publicReason} onChange={setPublicReason} suggestions={c.reports.map((r) => r.description ?? '')} />
            <button type="button" className="rp-button" disabled={approve.isPending || !placed} onClick={() => setConfirmApprove(true)}>
              {approve.isPending ? 'Creating the closure…' : 'Approve and create closure'}
            </button>
            {!placed && <p className="muted" style={{ margin: 0 }}>Draw the closure on the map to approve.</p>}
            <textarea aria-label="Reason for rejecting" placeholder="Reason for rejecting" value={reason} onChange={(e) => setReason(e.target.value)} />
            <button type="button" className="rp-button rp-button--danger" disabled={!reason.trim() || reject.isPending} onClick={() => reject.mutate()}>
              Reject
            </button>
          </div>
        )}
        {failure && <p className="form-error" role="alert">{failure.message}</p>}
        <ConfirmDialog
          open={confirmApprove}
          title="Create a public closure?"
          confirmLabel="Approve and create closure"
          busy={approve.isPending}
          onConfirm={() => approve.mutate()}
          onCancel={() => setConfirmApprove(false)}
        >
          <p>
            A closure at {c.formattedAddress ?? `${c.center.lat.toFixed(5)}, ${c.center.lng.toFixed(5)}`}, on the line shown on the map, goes on
            the public map at once, and the cluster's pending reports are approved.
          </p>
        </ConfirmDialog>
        {/* Keyed by version so a save (or another moderator's) starts the form from the stored values. */}
        {c.status === 'pending' && canModerate && <ClusterAdjustForm key={c.updatedAt} cluster={c} onSaved={refresh} />}
        <h2>Reports</h2>
        {c.reports.map((r) => (
          <div key={r.id} className="report-member" data-report-id={r.id}>
            <p>
              <Link to={`/reports/${r.id}`}>{formatTableTimestamp(r.createdAt)}</Link> · <StatusBadge status={r.status} />
            </p>
            {r.description && <p>{r.description}</p>}
            <MediaStrip media={r.media} />
          </div>
        ))}
      </div>
    </div>
  );
}
