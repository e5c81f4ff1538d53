import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../components/ErrorState';
import { getClosureActivities } from '../api/closures';
import { activityText, activityWho, payloadSummary } from '../activity';
import { formatTableTimestamp } from '../format';
import { ClosureTableSkeleton } from './ClosureTable';

export function ActivitiesTab({ closureId }: { closureId: string }) {
  const activities = useQuery({ queryKey: ['closures', 'activities', closureId], queryFn: () => getClosureActivities(closureId) });
  if (activities.isPending) return <ClosureTableSkeleton />;
  if (activities.isError) {
    return <ErrorState title="Failed to load the closure's activity" message={activities.error.message} onRetry={() => void activities.refetch()} />;
  }
  const items = [...activities.data].sort((a, b) => b.timestamp - a.timestamp);
  if (items.length === 0) return <div className="panel" role="status"><p>No activity recorded yet.</p></div>;
  return (
    <section className="panel" aria-labelledby="closure-activity-title">
      <h2 id="closure-activity-title">Activity</h2>
      <ol className="timeline">
        {items.map((a) => {
          const summary = payloadSummary(a.payload);
          return (
            <li key={a.id} className={`timeline__item timeline__item--${a.action}`} data-action={a.action}>
              <p className="timeline__head">
                <strong>{activityWho(a)}</strong> {activityText(a.action)}
                <time className="muted" dateTime={new Date(a.timestamp * 1000).toISOString()}> · {formatTableTimestamp(a.timestamp)}</time>
              </p>
              {summary.length > 0 && (
                <dl className="timeline__payload">
                  {summary.map(([k, v], i) => (
                    <div key={`${k}-${i}`}>
                      {k && <dt>{k}</dt>}
                      <dd>{v}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
