// Disaster Recovery Funding Arrangements evidence: which closures of an LGA affected a date range,
// when each road was in effect closed or with changed conditions, and for how long
// (docs/drfa.md#exact-times). Pure.
import { overlaps, periodsAt, secondsIn, type ConditionPeriod } from '../closures/periods';
import type { ClosureRecord } from '../closures/types';

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
