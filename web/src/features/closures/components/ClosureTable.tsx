import { Link } from 'react-router-dom';
import { useIsMobile } from '../../../lib/device';
import type { ClosureSummary } from '../api/closures';
import { formatDate, formatTableTimestamp } from '../format';
import { CONDITION_TEXT, typeStyle } from '../views';
import { TypeIcon } from './TypeIcon';

export function TypeBadge({ type }: { type: { value: string; text: string } }) {
  const style = typeStyle(type.value);
  return (
    // The type's colour on the border and icon only: some (roadworks orange) are too light for text (WCAG 1.4.3).
    <span className="closure-type" style={{ borderColor: style.colour }}>
      <span style={{ color: style.colour, display: 'inline-flex' }}><TypeIcon type={type.value} /></span> {type.text || style.text}
    </span>
  );
}

/** Staff see which closures (and which of their regions) were drawn by hand rather than snapped to a road. */
export function DrawnByHandBadge() {
  return (
    <span className="drawn-by-hand" title="Drawn by hand where the road map has no road: kept exactly as drawn">
      Drawn by hand
    </span>
  );
}

/** Whether any region of the closure was drawn by hand. */
export const anyDrawnByHand = (regions: ReadonlyArray<{ drawnByHand?: boolean | null }> | null | undefined) => (regions ?? []).some((r) => r.drawnByHand);

export function ConditionBadge({ condition }: { condition: string }) {
  return <span className={`closure-condition closure-condition--${condition}`}>{CONDITION_TEXT[condition] ?? condition}</span>;
}

// The place, never the nearest road's label (away from named roads that is a road class, possibly far off).
const addressOf = (c: ClosureSummary) => c.formattedAddress ?? 'Address not known yet';

/** A closure list: a table on wide screens, one card per closure in mobile mode (spec §2). */
export function ClosureTable({ items, caption }: { items: ClosureSummary[]; caption: string }) {
  const mobile = useIsMobile();
  if (mobile) {
    return (
      <ul className="closure-cards" aria-label={caption}>
        {items.map((c) => (
          <li key={c.id} className="closure-card panel" data-closure-id={c.id}>
            <div className="closure-card__head">
              <TypeBadge type={c.type} />
              <ConditionBadge condition={c.condition} />
            </div>
            <Link to={`/closures/${encodeURIComponent(c.id)}`} className="closure-card__title">{addressOf(c)}</Link>
            {anyDrawnByHand(c.regions) && <DrawnByHandBadge />}
            <p className="closure-card__reason">{c.reason || <span className="muted">No reason given</span>}</p>
            <dl className="closure-card__facts">
              <div><dt>Updated</dt><dd>{formatTableTimestamp(c.updatedAt)}</dd></div>
              <div><dt>Estimated reopening</dt><dd>{formatDate(c.estimatedReopening)}</dd></div>
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="closure-table-wrap">
      <table className="closure-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Address</th>
            <th scope="col">Reason</th>
            <th scope="col">Condition</th>
            <th scope="col">Updated</th>
            <th scope="col">Estimated reopening</th>
          </tr>
        </thead>
        <tbody>
          {items.map((c) => (
            <tr key={c.id} data-closure-id={c.id}>
              <td><TypeBadge type={c.type} /></td>
              <td>
                <Link to={`/closures/${encodeURIComponent(c.id)}`}>{addressOf(c)}</Link>
                {anyDrawnByHand(c.regions) && <> <DrawnByHandBadge /></>}
              </td>
              <td className="closure-table__reason">{c.reason || <span className="muted">No reason given</span>}</td>
              <td><ConditionBadge condition={c.condition} /></td>
              <td className="nowrap">{formatTableTimestamp(c.updatedAt)}</td>
              <td className="nowrap">{formatDate(c.estimatedReopening)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ClosureTableSkeleton() {
  return (
    <div className="closure-skeleton" role="status" aria-live="polite" aria-label="Loading closures">
      {Array.from({ length: 4 }, (_, i) => <div key={i} className="closure-skeleton__row" />)}
      <span className="visually-hidden">Loading closures…</span>
    </div>
  );
}
