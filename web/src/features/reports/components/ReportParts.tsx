import { formatTableTimestamp } from '../../closures/format';
import type { ReportActivity, ReportMedia } from '../api/reports';


export function StatusBadge({ status }: { status: string }) {
  return <span className={`report-status report-status--${status}`}>{status}</span>;
}

export function MediaStrip({ media }: { media: ReportMedia[] }) {
  if (media.length === 0) return null;
  return (
    <div className="report-media">
      {media.map((m) => (
        <a key={m.id} href={m.url} target="_blank" rel="noreferrer">
          <img src={m.thumbnailUrl ?? m.url} alt="Photo from the report" />
        </a>
      ))}
    </div>
  );
}

/** Spec §3: what, who, when, why. */
export function ActivityList({ activity }: { activity: ReportActivity[] }) {
  return (
    <ol className="report-activity" aria-label="Activity">
      {activity.map((a, i) => (
        <li key={`${a.when}-${i}`}>
          <strong>{a.what}</strong> · {a.who.displayName ?? a.who.email ?? 'someone'} · {formatTableTimestamp(a.when)}
          {a.why ? <> · “{a.why}”</> : null}
        </li>
      ))}
    </ol>
  );
}
