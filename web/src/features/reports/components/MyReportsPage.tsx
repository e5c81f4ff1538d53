import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { myReports } from '../api/reports';
import { QueuedReports } from '../../report-queue/components/QueuedReports';
import { StatusBadge } from './ReportParts';
import './reports.css';
import { formatTableTimestamp } from '../../closures/format';

/** /my-reports: the signed-in user's own reports, newest first. */
export function MyReportsPage() {
  const reports = useQuery({ queryKey: ['reports', 'mine'], queryFn: myReports });
  return (
    <div className="reports-page">
      <PageHeader title="My incident reports">What you reported and what the council did with it.</PageHeader>
      <p><Link className="rp-button" to="/report">Report an incident</Link></p>
      <QueuedReports />
      {reports.isPending ? (
        <p aria-busy="true">Loading your reports…</p>
      ) : reports.isError ? (
        <ErrorState message={reports.error.message} onRetry={() => void reports.refetch()} />
      ) : reports.data.length === 0 ? (
        <p className="muted">You have not reported anything yet.</p>
      ) : (
        <table className="report-table">
          <thead><tr><th>Reported</th><th>Type</th><th>Where</th><th>Status</th></tr></thead>
          <tbody>
            {reports.data.map((r) => (
              <tr key={r.id} data-report-id={r.id}>
                <td><Link to={`/reports/${r.id}`}>{formatTableTimestamp(r.createdAt)}</Link></td>
                <td>{r.type.text}</td>
                <td>{r.formattedAddress ?? `${r.position.lat.toFixed(4)}, ${r.position.lng.toFixed(4)}`}</td>
                <td>
                  <StatusBadge status={r.status} />
                  {r.closureId && <> · <Link to="/map">on the map</Link></>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
