import { useQuery } from '@tanstack/react-query';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import type { RouteDef } from '../../routing/route-table';
import { reportClusters } from '../api/reports';
import { useAuth } from '../../auth/auth-provider';
import { LgaPicker } from '../../closures/components/LgaPicker';
import { useModeratedLga } from '../hooks/useModeratedLga';
import { StatusBadge } from './ReportParts';
import './reports.css';
import { formatTableTimestamp } from '../../closures/format';

const STATUSES = ['pending', 'approved', 'rejected'] as const;

/** /report-clusters/{pending|approved|rejected}: reports grouped by place, most recently updated first. */
export function ClusterListPage({ def }: { def: RouteDef }) {
  const status = (STATUSES.find((s) => def.path.endsWith(s)) ?? 'pending');
  const { lgaCode, options, select } = useModeratedLga();
  const { access } = useAuth();
  const { search } = useLocation();
  const clusters = useQuery({
    queryKey: ['reports', 'clusters', lgaCode, status],
    queryFn: () => reportClusters(lgaCode!, status.toUpperCase() as 'PENDING'),
    enabled: !!lgaCode,
  });
  return (
    <div className="reports-page">
      <PageHeader title={def.title}>Incident reports grouped by place and type.</PageHeader>
      <LgaPicker value={lgaCode} options={options} always={access.isAdmin} onChange={select} />
      <nav className="tabs-row" aria-label="Cluster status">
        {STATUSES.map((s) => (
          <NavLink key={s} to={`/report-clusters/${s}${search}`} className={({ isActive }) => (isActive ? 'active' : '')}>
            {s[0].toUpperCase() + s.slice(1)}
          </NavLink>
        ))}
        <Link to={`/reports${search}`}>All reports</Link>
      </nav>
      {!lgaCode ? (
        <p className="muted">You do not moderate reports for any council.</p>
      ) : clusters.isPending ? (
        <p aria-busy="true">Loading clusters…</p>
      ) : clusters.isError ? (
        <ErrorState message={clusters.error.message} onRetry={() => void clusters.refetch()} />
      ) : clusters.data.length === 0 ? (
        <p className="muted">No {status} clusters.</p>
      ) : (
        <table className="report-table">
          <thead><tr><th>Updated</th><th>Type</th><th>Where</th><th>Reports</th><th>Status</th></tr></thead>
          <tbody>
            {clusters.data.map((c) => (
              <tr key={c.id} data-cluster-id={c.id}>
                <td><Link to={`/report-clusters/${c.id}`}>{formatTableTimestamp(c.updatedAt)}</Link></td>
                <td>{c.type.text}</td>
                <td>{c.formattedAddress ?? `${c.center.lat.toFixed(4)}, ${c.center.lng.toFixed(4)}`}</td>
                <td>{c.reportCount}</td>
                <td><StatusBadge status={c.status} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
