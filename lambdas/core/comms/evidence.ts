// Disaster Recovery Funding Arrangements evidence: which closures of an LGA affected a date range,
// when each road was first closed and reopened, and for how long. Pure.
import type { ClosureRecord } from '../closures/types';

export const MAX_EVIDENCE_RANGE_SECONDS = 366 * 86_400;

/** First closed: the scheduled start when there was one, else when it was recorded. */
export const firstClosedOf = (c: ClosureRecord) => c.scheduledFor ?? c.createdAt;

/** A closure belongs in the report when it was closed at some time inside [from, to]. */
export function affectedRange(c: ClosureRecord, from: number, to: number, now: number): boolean {
  const start = firstClosedOf(c);
  const end = c.openedAt ?? now;
  return start <= to && end >= from && start <= now;
}

/** Seconds closed: until reopening, or until now while still closed. */
export const durationOf = (c: ClosureRecord, now: number) => Math.max(0, (c.openedAt ?? now) - firstClosedOf(c));
