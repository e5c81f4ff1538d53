import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, NavLink, useNavigate, useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api';
import type { RouteDef } from '../../routing/route-table';
import { deleteClosure, getClosure, reopenClosure, restoreClosure, type ClosureDetail } from '../api/closures';
import { formatDate, formatDistance, formatTableTimestamp } from '../format';
import { closureDetailKey, useClosureCache } from '../hooks/useClosureCache';
import { slugOfView } from '../views';
import { ActivitiesTab } from './ActivitiesTab';
import { ConditionBadge, DrawnByHandBadge, TypeBadge, anyDrawnByHand } from './ClosureTable';
import { ConfirmDialog } from './ConfirmDialog';
import { DetailForm } from './DetailForm';
import { MediaTab } from './MediaTab';
import { WorksTab } from './WorksTab';
import './closures.css';

const CHILDREN = [
  { slug: 'detail', label: 'Details' },
  { slug: 'media', label: 'Photos' },
  { slug: 'activities', label: 'Activity' },
  { slug: 'works', label: 'Works and costs' },
] as const;

type Action = 'reopen' | 'delete' | 'restore';

const STATUS_TEXT: Record<string, string> = {
  ACTIVE: 'Active',
  SCHEDULED: 'Scheduled',
  RECENTLY_OPENED: 'Recently opened',
  ARCHIVED: 'Archived',
  DELETED: 'Deleted',
};

function ClosureNotFound({ id }: { id: string }) {
  return (
    <section className="not-found" aria-labelledby="closure-not-found">
      <p className="not-found__code" aria-hidden="true">404</p>
      <h1 id="closure-not-found">Closure {id} not found</h1>
      <p className="muted">It may have been removed, or the link may be wrong.</p>
      <div className="not-found__links">
        <Link to="/closures/active">Back to active closures</Link>
      </div>
    </section>
  );
}

function Actions({ closure }: { closure: ClosureDetail }) {
  const toast = useToast();
  const cache = useClosureCache();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<Action | null>(null);
  const mutation = useMutation({
    mutationFn: (action: Action) =>
      action === 'reopen' ? reopenClosure(closure.id) : action === 'delete' ? deleteClosure(closure.id) : restoreClosure(closure.id),
    onSuccess: (updated, action) => {
      cache.updated(updated);
      setConfirm(null);
      const done = { reopen: 'Closure reopened: the road shows as open.', delete: 'Closure deleted.', restore: 'Closure restored.' }[action];
      toast.show({ kind: 'success', message: done });
      if (action === 'delete') navigate(`/closures/deleted?lga=${encodeURIComponent(updated.lgaCode)}`);
    },
    onError: (err, action) => {
      setConfirm(null);
      const message = action === 'reopen' ? `Failed to reopen the closure: ${err.message}` : `Failed to ${action} the closure: ${err.message}`;
      toast.show({ kind: 'error', message });
    },
  });

  const deleted = closure.deletedAt != null;
  const canReopen = !deleted && closure.archivedAt == null && closure.condition !== 'opened';
  return (
    <div className="closure-actions">
      {canReopen && <button type="button" className="cl-button" onClick={() => setConfirm('reopen')}>Reopen</button>}
      {!deleted && closure.archivedAt == null && (
        <button type="button" className="cl-button cl-button--danger" onClick={() => setConfirm('delete')}>Delete</button>
      )}
      {deleted && <button type="button" className="cl-button" onClick={() => setConfirm('restore')}>Restore</button>}

      <ConfirmDialog
        open={confirm === 'reopen'}
        title="Reopen this road?"
        confirmLabel="Reopen"
        busy={mutation.isPending}
        onConfirm={() => mutation.mutate('reopen')}
        onCancel={() => setConfirm(null)}
      >
        <p>The road shows as open straight away and subscribers are told. The closure is archived and leaves the map after 24 hours.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'delete'}
        title="Delete this closure?"
        confirmLabel="Delete"
        danger
        busy={mutation.isPending}
        onConfirm={() => mutation.mutate('delete')}
        onCancel={() => setConfirm(null)}
      >
        <p>The closure disappears from the map. You can restore it from the Deleted list.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'restore'}
        title="Restore this closure?"
        confirmLabel="Restore"
        busy={mutation.isPending}
        onConfirm={() => mutation.mutate('restore')}
        onCancel={() => setConfirm(null)}
      >
        <p>The closure returns to its list and to the map.</p>
      </ConfirmDialog>
    </div>
  );
}

/** /closures/{id}/{detail|media|activities|works}. */
export function ClosureDetailPage({ def }: { def: RouteDef }) {
  const { id = '' } = useParams();
  const child = def.path.split('/').pop() ?? 'detail';
  const closure = useQuery({
    queryKey: closureDetailKey(id),
    queryFn: () => getClosure(id),
    // New photos get their thumbnail a moment after upload; look again until they have it.
    refetchInterval: (q) => {
      const recent = (q.state.data?.media ?? []).some((m) => !m.resized && Date.now() / 1000 - m.createdAt < 120);
      return recent ? 3000 : false;
    },
  });

  if (closure.isPending) return <PageLoader label="Loading the closure…" />;
  if (closure.isError) {
    if (closure.error instanceof ApiError && closure.error.errorType === 'NotFound') return <ClosureNotFound id={id} />;
    return <ErrorState title="Failed to load the closure" message={closure.error.message} onRetry={() => void closure.refetch()} />;
  }
  const c = closure.data;
  if (!c) return <ClosureNotFound id={id} />;

  // Its place, never the nearest road's label (away from named roads that is a road class).
  const title = c.formattedAddress ?? `Closure ${c.id}`;
  return (
    <div className="cl-detail">
      <p className="breadcrumb">
        <Link to={`/closures/${slugOfView(c.view)}?lga=${encodeURIComponent(c.lgaCode)}`}>← {STATUS_TEXT[c.view] ?? 'All'} closures</Link>
      </p>
      <header className="cl-detail__head">
        <div>
          <div className="cl-detail__badges">
            <TypeBadge type={c.type} />
            <ConditionBadge condition={c.condition} />
            <span className="closure-status">{STATUS_TEXT[c.view] ?? c.view}</span>
            {anyDrawnByHand(c.regions) && <DrawnByHandBadge />}
          </div>
          <h1>{title}</h1>
          <p className="muted cl-detail__facts">
            Updated {formatTableTimestamp(c.updatedAt)} · created {formatDate(c.createdAt)}
            {c.estimatedReopening != null && <> · estimated reopening {formatDate(c.estimatedReopening)}</>}
            {c.openedAt != null && <> · reopened {formatTableTimestamp(c.openedAt)}</>}
            {c.nearestLocation && <> · {formatDistance(c.nearestLocation.distance)} from {c.nearestLocation.name}</>}
            {' · '}{c.subscriberCount} subscriber{c.subscriberCount === 1 ? '' : 's'}
          </p>
        </div>
        <Actions closure={c} />
      </header>

      <nav className="tabs" aria-label="Closure sections">
        {CHILDREN.map((t) => (
          <NavLink key={t.slug} to={`/closures/${encodeURIComponent(c.id)}/${t.slug}`} className={({ isActive }) => `tab${isActive ? ' active' : ''}`}>
            {t.label}{t.slug === 'media' && c.media.length > 0 ? <span className="tab-count">{c.media.length}</span> : null}
          </NavLink>
        ))}
      </nav>

      {child === 'media' ? (
        <MediaTab closure={c} />
      ) : child === 'activities' ? (
        <ActivitiesTab closureId={c.id} />
      ) : child === 'works' ? (
        <WorksTab closureId={c.id} />
      ) : (
        <DetailForm key={c.id} closure={c} />
      )}
    </div>
  );
}
