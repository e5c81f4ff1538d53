import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../auth/auth-provider';
import type { RouteDef } from '../../routing/route-table';
import { getDashboard, listClosures } from '../api/closures';
import { useClosureLga } from '../hooks/useClosureLga';
import { CLOSURE_VIEWS, viewBySlug } from '../views';
import { ClosureTable, ClosureTableSkeleton } from './ClosureTable';
import { LgaPicker } from './LgaPicker';
import { HelpPopover } from '../../help/components/HelpPopover';
import './closures.css';

export const PAGE_SIZE = 20;

export const closureListKey = (lgaCode: string | null, view: string) => ['closures', 'list', lgaCode, view] as const;
export const dashboardKey = (lgaCode: string | null) => ['closures', 'dashboard', lgaCode] as const;

/** /closures/{view}: one tab per staff list (spec §2), paginated with "Load more". */
export function ClosureListPage({ def }: { def: RouteDef }) {
  const location = useLocation();
  const slug = def.path.split('/')[2] ?? 'active';
  const info = viewBySlug(slug) ?? CLOSURE_VIEWS[0];
  const { lgaCode, options, loading, select } = useClosureLga();
  const { access } = useAuth();

  const counts = useQuery({
    queryKey: dashboardKey(lgaCode),
    queryFn: () => getDashboard(lgaCode!),
    enabled: !!lgaCode,
  });
  const list = useInfiniteQuery({
    queryKey: closureListKey(lgaCode, info.view),
    queryFn: ({ pageParam }) => listClosures(lgaCode!, info.view, PAGE_SIZE, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextToken ?? undefined,
    enabled: !!lgaCode,
  });

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.count;
  const search = location.search;
  const moreError = list.isFetchNextPageError ? list.error.message : null;

  return (
    <div className="closures-page">
      <div className="closures-page__head">
        <PageHeader title={def.title}>Closures of {options.find((o) => o.code === lgaCode)?.name ?? (lgaCode ? `LGA ${lgaCode}` : 'your council')}</PageHeader>
        <div className="closures-page__tools">
          <LgaPicker value={lgaCode} options={options} always={access.isAdmin} onChange={select} />
          <Link className="cl-button-link" to="/staff-map">Draw a closure on the staff map</Link>
          <HelpPopover topic="Closure lists" page="closure-administration">
            Active closures are on the map now; scheduled ones start later; recently opened ones were reopened in the last
            24 hours and are then archived. The reopening-scheduled, overdue and stale lists show closures that need your attention.
          </HelpPopover>
        </div>
      </div>

      <nav className="tabs closure-tabs" aria-label="Closure lists">
        {CLOSURE_VIEWS.map((v) => {
          const count = v.slug === info.slug && total !== undefined ? total : counts.data?.closureCounts[v.countKey];
          return (
            <NavLink key={v.slug} to={`/closures/${v.slug}${search}`} className={({ isActive }) => `tab${isActive ? ' active' : ''}`}>
              {v.label}
              <span className="tab-count" aria-label={count === undefined ? undefined : `(${count})`}>{count ?? '·'}</span>
            </NavLink>
          );
        })}
      </nav>

      {!lgaCode && !loading ? (
        <ErrorState title="No council to show" message="You do not administer closures for any council with an active subscription." />
      ) : list.isPending ? (
        <ClosureTableSkeleton />
      ) : list.isError ? (
        <ErrorState title="Failed to load closures" message={list.error.message} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <div className="panel closures-empty" role="status">
          <p>{info.empty}</p>
        </div>
      ) : (
        <>
          <ClosureTable items={items} caption={`${info.label} closures`} />
          <div className="closures-more">
            <span className="muted">Showing {items.length}{total !== undefined ? ` of ${total}` : ''}</span>
            {list.hasNextPage && (
              <button type="button" className="cl-button" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            )}
          </div>
          {moreError && <p role="alert" className="cl-form-error">Failed to load more closures: {moreError}</p>}
        </>
      )}
    </div>
  );
}
