// Disaster Recovery Funding Arrangements evidence: which closures of an LGA affected a date range,
// when each road was in effect closed or with changed conditions, and for how long
// (docs/drfa.md#exact-times). Pure.
import { overlaps, periodsAt, secondsIn, type ConditionPeriod } from '../closures/periods';
import type { ClosureRecord } from '../closures/types';
import { lineLength } from '../closures/geometry';

export const MAX_EVIDENCE_RANGE_SECONDS = 366 * 86_400;

export interface EvidenceTimes {
  periods: ConditionPeriod[];
  /** When it first took effect (closed or changed conditions). */
  firstClosed: number;
  /** When the last period ended, if it has. */
  closedUntil: number | null;
  closedSeconds: number;
  changedSeconds: number;
}

/**
 * The closure's times as recorded when they happened. `createdScheduledFor` is the start the
 * closure was created with (its activity trail), for closures written before periods were kept.
 */
export function evidenceTimes(c: ClosureRecord, now: number, createdScheduledFor?: number | null): EvidenceTimes {
  const periods = periodsAt(c, now, createdScheduledFor);
  const whole = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER] as const;
  const last = periods.at(-1);
  return {
    periods,
    firstClosed: periods[0]?.from ?? c.scheduledFor ?? c.createdAt,
    closedUntil: last?.until ?? null,
    closedSeconds: secondsIn(periods, 'closed', ...whole, now),
    changedSeconds: secondsIn(periods, 'changed', ...whole, now),
  };
}

/** A closure belongs in the report when it was in effect at some time inside [from, to]. */
export const affectedRange = (times: EvidenceTimes, from: number, to: number, now: number) => overlaps(times.periods, from, to, now);

export interface EvidenceLocation {
  /** The first point of the first line and the last point of the last line, as drawn. */
  start: { lat: number; lng: number } | null;
  end: { lat: number; lng: number } | null;
  /** Every line's length together, in metres. */
  lengthMetres: number;
  /** The drawn lines as one GeoJSON MultiLineString ([lng, lat] pairs). */
  geometry: { type: 'MultiLineString'; coordinates: [number, number][][] };
}

/** Where the closure is, as an assessor asks for it: start and end coordinates, the lines and their length. */
export function evidenceLocation(c: Pick<ClosureRecord, 'regions'>): EvidenceLocation {
  const lines = c.regions.map((r) => r.geometry.coordinates);
  const first = lines[0]?.[0];
  const lastLine = lines.at(-1);
  const last = lastLine?.at(-1);
  const point = (p: [number, number] | undefined) => (p ? { lat: p[1], lng: p[0] } : null);
  return {
    start: point(first),
    end: point(last),
    lengthMetres: Math.round(c.regions.reduce((sum, r) => sum + lineLength(r.geometry), 0)),
    geometry: { type: 'MultiLineString', coordinates: lines },
  };
}
