import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useToast } from '../../../components/toast/toast-context';
import { getDashboard, type ClosureSummary } from '../../closures/api/closures';
import { formatDate, formatTableTimestamp } from '../../closures/format';
import { TypeIcon } from '../../closures/components/TypeIcon';

const listLink = (slug: string, lgaCode: string) => `/closures/${slug}?lga=${encodeURIComponent(lgaCode)}`;

function ClosureLine({ closure, when }: { closure: ClosureSummary; when: string }) {
  return (
    <li>
      <TypeIcon type={closure.type.value} />{' '}
      <Link to={`/closures/${encodeURIComponent(closure.id)}`}>{closure.formattedAddress ?? closure.nearestLocation?.name ?? closure.type.text}</Link>
      <span className="muted"> · {closure.type.text} · {when}</span>
    </li>
  );
}

/** The closure_administrator card (spec §6): summary counts, the last 12 hours' changes, overdue reopenings. */
export function ClosureAdminCard({ lgaCode }: { lgaCode: string }) {
  const toast = useToast();
  const dashboard = useQuery({ queryKey: ['closures', 'dashboard', lgaCode], queryFn: () => getDashboard(lgaCode) });
  const toasted = useRef(false);

  useEffect(() => {
    if (dashboard.isError && !toasted.current) {
      toasted.current = true;
      // Spec §8 loading failures: one toast per part that did not load; counts fall back to 0.
      toast.show({ kind: 'error', message: `Failed to load closure counts, recent changes and overdue closures: ${dashboard.error.message}` });
    }
    if (dashboard.isSuccess) toasted.current = false;
  }, [dashboard.isError, dashboard.isSuccess, dashboard.error, toast]);

  const counts = dashboard.data?.closureCounts;
  const summary = [
    { label: 'Active', value: counts?.active ?? 0, slug: 'active' },
    { label: 'Scheduled', value: counts?.scheduled ?? 0, slug: 'scheduled' },
    { label: 'Recently opened', value: counts?.recentlyOpened ?? 0, slug: 'recently-opened' },
    { label: 'Overdue', value: dashboard.data?.overdueCount ?? counts?.reopeningOverdue ?? 0, slug: 'reopening-overdue' },
  ];
  const loading = dashboard.isPending;

  return (
    <div className="closure-card-body" aria-busy={loading}>
      <ul className="closure-counts" aria-label="Closure summary">
        {summary.map((s) => (
          <li key={s.slug}>
            <Link to={listLink(s.slug, lgaCode)} className="closure-count" data-count={s.slug}>
              <strong>{loading ? '…' : s.value}</strong>
              <span>{s.label}</span>
            </Link>
          </li>
        ))}
      </ul>

      <h4>Recent changes (last 12 hours)</h4>
      {loading ? (
        <p className="muted">Loading…</p>
      ) : (dashboard.data?.recentChanges.length ?? 0) === 0 ? (
        <p className="muted">No closures changed in the last 12 hours.</p>
      ) : (
        <ul className="closure-lines">
          {dashboard.data!.recentChanges.slice(0, 5).map((c) => <ClosureLine key={c.id} closure={c} when={formatTableTimestamp(c.updatedAt)} />)}
        </ul>
      )}

      <h4>
        Overdue reopening{' '}
        {!loading && (dashboard.data?.overdueCount ?? 0) > 0 && <span className="tab-count">{dashboard.data!.overdueCount}</span>}
      </h4>
      {loading ? (
        <p className="muted">Loading…</p>
      ) : (dashboard.data?.overdueReopening.length ?? 0) === 0 ? (
        <p className="muted">No closure is past its estimated reopening.</p>
      ) : (
        <>
          <ul className="closure-lines">
            {dashboard.data!.overdueReopening.slice(0, 5).map((c) => <ClosureLine key={c.id} closure={c} when={`due ${formatDate(c.estimatedReopening)}`} />)}
          </ul>
          {dashboard.data!.overdueCount > 5 && (
            <Link to={listLink('reopening-overdue', lgaCode)}>All {dashboard.data!.overdueCount} overdue closures →</Link>
          )}
        </>
      )}
    </div>
  );
}
