import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { ADMIN_SECTIONS } from '../../features/routing/route-table';
import { adminOverviewQuery, type AdminOverview } from '../../features/admin/api/admin';
import '../../features/dashboard/components/dashboard.css';
import '../../features/admin/components/admin.css';

const STATUS_TEXT: Record<string, string> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past due',
  canceled: 'cancelled',
  unpaid: 'unpaid',
};

/** The one-line count each child section shows on the landing. */
function countFor(slug: string, o: AdminOverview | undefined): string | null {
  if (!o) return null;
  if (slug === 'customers') {
    const parts = o.customersByStatus.filter((c) => c.count > 0).map((c) => `${c.count} ${STATUS_TEXT[c.status] ?? c.status}`);
    return parts.length ? parts.join(' · ') : 'No customers yet';
  }
  if (slug === 'enquiries') return `${o.openEnquiries} open`;
  if (slug === 'diagnostics') return `${o.clientErrors24h} client ${o.clientErrors24h === 1 ? 'error' : 'errors'} in the last 24 h`;
  return null;
}

/** /admin: every administration section with its headline count, and the page views of the week. */
/** A day of the page-view counts (YYYY-MM-DD) as the spec writes dates: day first, DD/MM. */
const dayAndMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

export function AdminHomePage() {
  const overview = useQuery(adminOverviewQuery());
  return (
    <div>
      <PageHeader title="System Administration">Everything a platform administrator looks after.</PageHeader>
      {overview.isError && <ErrorState message={`The counts could not be loaded: ${overview.error.message}`} onRetry={() => void overview.refetch()} />}
      <div className="quick-links">
        {ADMIN_SECTIONS.map((s) => {
          const count = countFor(s.slug, overview.data);
          return (
            <Link key={s.slug} to={`/admin/${s.slug}`} className="quick-link">
              <strong>{s.title}</strong>
              <span>{s.summary}</span>
              {count && <span className="admin-count">{count}</span>}
            </Link>
          );
        })}
        <Link to="/admin/map" className="quick-link">
          <strong>Administrator map</strong>
          <span>Every council's closures on one map.</span>
        </Link>
        <Link to="/genseed" className="quick-link">
          <strong>Generate seed data</strong>
          <span>Demo closures, reports and subscribers for a council (not on production).</span>
        </Link>
      </div>
      <section className="panel admin-section" aria-labelledby="views-title">
        <h2 id="views-title">Page views, last {overview.data?.days ?? 7} days</h2>
        <p className="muted">Counted per route and day in our own database: no trackers, no cookies, no addresses or ids.</p>
        {overview.isPending ? (
          <p className="muted">Loading…</p>
        ) : overview.data ? (
          overview.data.pageViewsTotal === 0 ? (
            <p>No page views counted yet.</p>
          ) : (
            <>
              <p>
                <strong>{overview.data.pageViewsTotal}</strong> views in total
                {overview.data.pageViewsByDay.length > 0 && ` · ${overview.data.pageViewsByDay.map((d) => `${dayAndMonth(d.day)}: ${d.count}`).join(' · ')}`}
              </p>
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <caption className="visually-hidden">Page views per route</caption>
                  <thead>
                    <tr><th scope="col">Route</th><th scope="col">Views</th></tr>
                  </thead>
                  <tbody>
                    {overview.data.pageViewsByRoute.slice(0, 15).map((r) => (
                      <tr key={r.route}><td><code>{r.route}</code></td><td>{r.count}</td></tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )
        ) : null}
      </section>
    </div>
  );
}
