import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { approveReport, denyReport, getReport, reportProposal, retractReport, type PlacedRegion } from '../api/reports';
import { ConfirmDialog } from '../../closures/components/ConfirmDialog';
import { ModerationOffNotice, useCanModerateNow } from './ModerationOffNotice';
import { ActivityList, MediaStrip, StatusBadge } from './ReportParts';
import { PublicReasonField } from './PublicReasonField';
import './reports.css';
import { formatTableTimestamp } from '../../closures/format';

// The map and drawing tools load only for a moderator deciding a report.
const ClosurePlacer = lazy(() => import('../../staff-map/StaffMapPage').then((m) => ({ default: m.ClosurePlacer })));

/** /reports/{id}: the API decides who may see it (author, the LGA's moderators, admins). */
export function ReportDetailPage() {
  const { reportId = '' } = useParams();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [publicReason, setPublicReason] = useState('');
  const [confirmRetract, setConfirmRetract] = useState(false);
  // The line approving creates, as the moderator sees it on the map (none yet: approving waits).
  const [placed, setPlaced] = useState<PlacedRegion[] | null>(null);
  const report = useQuery({ queryKey: ['reports', 'one', reportId], queryFn: () => getReport(reportId) });
  // Only a moderator deciding a report with no closure yet places one.
  const placing = Boolean(report.data && !report.data.mine && report.data.status === 'pending' && !report.data.closureId);
  const proposal = useQuery({ queryKey: ['reports', 'proposal', reportId], queryFn: () => reportProposal(reportId), enabled: placing });
  const done = (r: unknown) => {
    queryClient.setQueryData(['reports', 'one', reportId], r);
    void queryClient.invalidateQueries({ queryKey: ['reports'] });
  };
  const retract = useMutation({
    mutationFn: () => retractReport(reportId),
    onSuccess: done,
    onSettled: () => setConfirmRetract(false),
  });
  const approve = useMutation({ mutationFn: () => approveReport(reportId, publicReason, placed), onSuccess: done });
  const deny = useMutation({ mutationFn: () => denyReport(reportId, reason), onSuccess: done });

  const canModerate = useCanModerateNow(report.data?.lgaCode ?? '');

  if (report.isPending) return <p aria-busy="true">Loading the report…</p>;
  if (report.isError) return <ErrorState message={report.error.message} onRetry={() => void report.refetch()} />;
  const r = report.data;
  if (!r) return <ErrorState message={`Report ${reportId} not found`} />;
  const failure = retract.error ?? approve.error ?? deny.error;
  const moderating = !r.mine && r.status === 'pending';

  return (
    <div className="reports-page">
      <PageHeader title={`${r.type.text} report`}>
        {r.formattedAddress ?? `${r.position.lat.toFixed(5)}, ${r.position.lng.toFixed(5)}`} · {formatTableTimestamp(r.createdAt)}
      </PageHeader>
      <div className="panel">
        <p>Status: <StatusBadge status={r.status} />{r.reason ? <> · Reason: {r.reason}</> : null}</p>
        {r.description && <p>{r.description}</p>}
        <MediaStrip media={r.media} />
        {!r.councilUsesApp && <p className="muted">This council does not use the app yet.</p>}
        {r.closureId && <p>A closure was created from this report. <Link to="/map">See the map</Link></p>}
        {r.clusterId && !r.mine && canModerate && <p><Link to={`/report-clusters/${r.clusterId}`}>Open its cluster</Link></p>}

        {placing && canModerate && (
          <Suspense fallback={<p aria-busy="true">Loading the map…</p>}>
            <ClosurePlacer at={r.position} proposed={proposal.isPending ? undefined : (proposal.data ?? null)} onChange={setPlaced} />
          </Suspense>
        )}
        <div className="report-actions">
          {r.mine && r.status !== 'retracted' && (
            <button type="button" className="rp-button rp-button--danger" disabled={retract.isPending} onClick={() => setConfirmRetract(true)}>
              Retract report
            </button>
          )}
          {moderating && !canModerate && <ModerationOffNotice lgaCode={r.lgaCode} />}
          {moderating && canModerate && (
            <>
              {!r.closureId && <PublicReasonField value={publicReason} onChange={setPublicReason} suggestions={[r.description ?? '']} />}
              <button type="button" className="rp-button" disabled={approve.isPending || (placing && !placed)} onClick={() => approve.mutate()}>Approve</button>
              <textarea aria-label="Reason for denying" placeholder="Reason for denying" value={reason} onChange={(e) => setReason(e.target.value)} />
              <button type="button" className="rp-button rp-button--danger" disabled={!reason.trim() || deny.isPending} onClick={() => deny.mutate()}>
                Deny
              </button>
            </>
          )}
        </div>
        {failure && <p className="form-error" role="alert">{failure.message}</p>}
        <ConfirmDialog
          open={confirmRetract}
          title="Retract this report?"
          confirmLabel="Retract report"
          danger
          busy={retract.isPending}
          onConfirm={() => retract.mutate()}
          onCancel={() => setConfirmRetract(false)}
        >
          <p>The council's moderators will no longer see it. This cannot be undone: to report the incident again, make a new report.</p>
        </ConfirmDialog>
        <h2>Activity</h2>
        <ActivityList activity={r.activity} />
      </div>
    </div>
  );
}
