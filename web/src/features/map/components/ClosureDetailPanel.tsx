import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MapClosure } from '../api/closure-fields';
import { closureQueryKey, fetchClosure } from '../api/closures';
import { displayState, STATE_LABELS, typeSymbol } from '../closure-display';
import { formatTimestamp } from '../format';

interface Props {
  closure: MapClosure;
  onClose(): void;
  actions?: ReactNode;
  /** The state's hazard on the same stretch, named here instead of shown twice. */
  note?: string;
}

/** What a click on a closure shows: the list row's closure at once, photos once the detail arrives. */
export function ClosureDetailPanel({ closure, onClose, actions, note }: Props) {
  const detail = useQuery({ queryKey: closureQueryKey(closure.id), queryFn: () => fetchClosure(closure.id) });
  const current = { ...closure, ...(detail.data ?? {}) };
  const state = displayState(current, Math.floor(Date.now() / 1000));
  const media = detail.data?.media ?? [];
  return (
    <section className="closure-detail" aria-label="Closure details" data-closure-id={closure.id}>
      <header className="closure-detail__header">
        <span className={`closure-badge closure-badge--${state}`} aria-hidden="true">{typeSymbol(current.type.value)}</span>
        <h2>{current.type.text}</h2>
        <button type="button" className="closure-detail__close" onClick={onClose} aria-label="Close details">×</button>
      </header>
      <dl className="closure-detail__facts">
        <dt>Condition</dt>
        <dd><span className={`closure-state closure-state--${state}`}>{STATE_LABELS[state]}</span></dd>
        <dt>Where</dt>
        <dd>{current.formattedAddress ?? 'Address unknown'}</dd>
        {current.reason && (<><dt>Reason</dt><dd>{current.reason}</dd></>)}
        {current.detour && (<><dt>Detour</dt><dd>{current.detour}</dd></>)}
        <dt>Since</dt>
        <dd>{formatTimestamp(current.createdAt)}</dd>
        {current.scheduledFor != null && (<><dt>Starts</dt><dd>{formatTimestamp(current.scheduledFor)}</dd></>)}
        <dt>Estimated reopening</dt>
        <dd>{current.estimatedReopening != null ? formatTimestamp(current.estimatedReopening) : 'Not estimated'}</dd>
        {current.openedAt != null && state === 'opened' && (<><dt>Reopened</dt><dd>{formatTimestamp(current.openedAt)}</dd></>)}
      </dl>
      {note && <p className="closure-list__state-ref">{note}</p>}
      {media.length > 0 && (
        <ul className="closure-detail__photos" aria-label="Photos">
          {media.map((m) => (
            <li key={m.id}>
              <a href={m.url} target="_blank" rel="noreferrer">
                <img src={m.thumbnailUrl ?? m.url} alt="Photo of the closure" loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {actions && <div className="closure-detail__actions">{actions}</div>}
    </section>
  );
}
