// When a road was actually closed, kept as facts at the moment they happen: each period in which a
// closure was in effect, closed or with changed conditions, from when until when. Disaster
// recovery claims count these (docs/drfa.md#exact-times); they are never worked out again later
// from fields that change (a reopening clears the scheduled start; an edit moves it). Pure.
import { effectiveView } from '../closure-views';
import type { ClosureRecord, ConditionPeriod, PeriodCondition } from './types';

export type { ConditionPeriod, PeriodCondition };

type PeriodFacts = Pick<ClosureRecord, 'view' | 'condition' | 'scheduledFor' | 'createdAt' | 'openedAt' | 'deletedAt' | 'archivedAt'> & {
  periods?: ConditionPeriod[];
};

const inEffect = (c: Pick<ClosureRecord, 'view' | 'condition'>) => c.view === 'ACTIVE' && c.condition !== 'opened';
const periodCondition = (condition: string): PeriodCondition => (condition === 'changed' ? 'changed' : 'closed');

/**
 * A closure written before periods were kept: one period from its start (the scheduled start the
 * closure was created with, when the caller knows it from the activity trail) to when it ended.
 */
export function legacyPeriods(c: PeriodFacts, now: number, createdScheduledFor?: number | null): ConditionPeriod[] {
  const from = createdScheduledFor ?? c.scheduledFor ?? c.createdAt;
  const ended = c.openedAt ?? c.deletedAt ?? c.archivedAt;
  if (from > now || (ended !== undefined && ended < from)) return [];
  if (c.view === 'SCHEDULED' && effectiveView(c, now) === 'SCHEDULED') return [];
  return [{ condition: periodCondition(c.condition), from, ...(ended !== undefined ? { until: ended } : {}) }];
}

/**
 * The periods after a change: the open period ends when the closure stops being in effect or its
 * condition changes; a new one starts when it takes effect. A start in the past (backdated, or a
 * scheduled start the schedule noticed late) is when it took effect, unless an earlier period
 * ended after it. While the first period lasts, an edited start in the past corrects it.
 */
export function nextPeriods(previous: PeriodFacts | undefined, after: Pick<ClosureRecord, 'view' | 'condition' | 'scheduledFor'>, now: number): ConditionPeriod[] {
  const periods = previous ? (previous.periods ?? legacyPeriods(previous, now)).map((p) => ({ ...p })) : [];
  const last = periods.at(-1);
  const open = last && last.until === undefined ? last : undefined;
  if (!inEffect(after)) {
    if (open) open.until = Math.max(open.from, now);
    return periods;
  }
  const condition = periodCondition(after.condition);
  const start = after.scheduledFor !== undefined && after.scheduledFor <= now ? after.scheduledFor : now;
  if (open && open.condition === condition) {
    const startEdited = previous?.scheduledFor !== after.scheduledFor && after.scheduledFor !== undefined;
    if (periods.length === 1 && startEdited && start < now) open.from = start;
    return periods;
  }
  if (open) open.until = Math.max(open.from, now);
  const endOfLast = periods.at(-1)?.until;
  periods.push({ condition, from: open || (endOfLast !== undefined && start < endOfLast) ? now : start });
  return periods;
}

/** The periods as of now: a scheduled start that has passed counts before the schedule moves the closure. */
export function periodsAt(c: PeriodFacts, now: number, createdScheduledFor?: number | null): ConditionPeriod[] {
  const stored = c.periods ?? legacyPeriods(c, now, createdScheduledFor);
  if (stored.length === 0 && c.view === 'SCHEDULED' && c.deletedAt === undefined && effectiveView(c, now) === 'ACTIVE' && c.condition !== 'opened') {
    return [{ condition: periodCondition(c.condition), from: c.scheduledFor ?? c.createdAt }];
  }
  return stored;
}

/** Seconds in periods of a condition, within [from, to] and never past now. */
export function secondsIn(periods: readonly ConditionPeriod[], condition: PeriodCondition, from: number, to: number, now: number): number {
  return periods
    .filter((p) => p.condition === condition)
    .reduce((sum, p) => sum + Math.max(0, Math.min(p.until ?? now, to, now) - Math.max(p.from, from)), 0);
}

/** Whether any period overlaps [from, to]. */
export const overlaps = (periods: readonly ConditionPeriod[], from: number, to: number, now: number) =>
  periods.some((p) => p.from <= to && (p.until ?? now) >= from);
