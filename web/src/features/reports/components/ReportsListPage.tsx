import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { reportsByLga } from '../api/reports';
import { useAuth } from '../../auth/auth-provider';
import { LgaPicker } from '../../closures/components/LgaPicker';
import { useModeratedLga } from '../hooks/useModeratedLga';
import { StatusBadge } from './ReportParts';
import './reports.css';
import { formatTableTimestamp } from '../../closures/format';

/** /reports: every report of the council (retracted ones are hidden), newest first. */
export function ReportsListPage() {
  const { lgaCode, options, select } = useModeratedLga();
  const { access } = useAuth();
  const { search } = useLocation();
  const reports = useQuery({ queryKey: ['reports', 'lga', lgaCode], queryFn: () => reportsByLga(lgaCode!), enabled: !!lgaCode });
  return (
    <div className="reports-page">
      <PageHeader title="Incident reports">Reports from the public. <Link to={`/report-clusters/pending${search}`}>Moderate by cluster</Link></PageHeader>
      <LgaPicker value={lgaCode} options={options} always={access.isAdmin} onChange={select} />
      {!lgaCode ? (
        <p className="muted">You do not moderate reports for any council.</p>
      ) : reports.isPending ? (
        <p aria-busy="true">Loading reports…</p>
      ) : reports.isError ? (
        <ErrorState message={reports.error.message} onRetry={() => void reports.refetch()} />
      ) : reports.data.length === 0 ? (
        <p className="muted">No reports yet.</p>
      ) : (
        // On a phone the table scrolls inside its own region, never the page.
        <div className="report-table-scroll" role="region" aria-label="Incident reports table" tabIndex={0}>
        <table className="report-table">
          <thead><tr><th>Reported</th><th>Type</th><th>Where</th><th>Description</th><th>Status</th></tr></thead>
          <tbody>
            {reports.data.map((r) => (
              <tr key={r.id}>
                <td><Link to={`/reports/${r.id}`}>{formatTableTimestamp(r.createdAt)}</Link></td>
                <td>{r.type.text}</td>
                <td>{r.formattedAddress ?? `${r.position.lat.toFixed(4)}, ${r.position.lng.toFixed(4)}`}</td>
                <td>{r.description ?? ''}</td>
                <td><StatusBadge status={r.status} /></td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
    </div>
  );
}
