import type { MapClosure } from '../api/closure-fields';
import { displayState, STATE_LABELS, typeSymbol } from '../closure-display';
import { distanceMetres, formatDistance, type LngLat } from '../geo';

interface Props {
  closures: MapClosure[];
  center: LngLat | null;
  selectedId: string | null;
  loading: boolean;
  onSelect(closure: MapClosure): void;
  /** Per closure id, the state's reference it names ("Also on Live Traffic NSW: …"). */
  notes?: Record<string, string>;
}

/** The map's list twin: the same closures, nearest the map centre first, usable by keyboard alone. */
export function ClosureList({ closures, center, selectedId, loading, onSelect, notes }: Props) {
  const now = Math.floor(Date.now() / 1000);
  const rows = closures
    .map((closure) => ({ closure, distance: center ? distanceMetres(center, closure.position) : 0 }))
    .sort((a, b) => a.distance - b.distance);
  return (
    <section className="closure-list" aria-label="Closures in this area">
      <h2 className="closure-list__title">
        Closures in this area <span className="muted">({closures.length})</span>
      </h2>
      {rows.length === 0 ? (
        <p className="closure-list__empty">{loading ? 'Loading closures…' : 'No closures in this area'}</p>
      ) : (
        <ul className="closure-list__items">
          {rows.map(({ closure, distance }) => {
            const state = displayState(closure, now);
            return (
              <li key={closure.id}>
                <button
                  type="button"
                  className={`closure-list__item${closure.id === selectedId ? ' is-selected' : ''}`}
                  aria-pressed={closure.id === selectedId}
                  data-closure-id={closure.id}
                  data-state={state}
                  onClick={() => onSelect(closure)}
                >
                  <span className={`closure-badge closure-badge--${state}`} aria-hidden="true">{typeSymbol(closure.type.value)}</span>
                  <span className="closure-list__body">
                    <strong>{closure.type.text}</strong>
                    <span className={`closure-state closure-state--${state}`}>{STATE_LABELS[state]}</span>
                    <span className="closure-list__address">{closure.formattedAddress ?? 'Address unknown'}</span>
                    {closure.reason && <span className="closure-list__reason">{closure.reason}</span>}
                    {notes?.[closure.id] && <span className="closure-list__state-ref">{notes[closure.id]}</span>}
                    {center && <span className="muted closure-list__distance">{formatDistance(distance)} from the map centre</span>}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
