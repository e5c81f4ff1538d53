// Social content tasks (spec §1, §4 "Social task status", §9): the derived status, the closure
// limit per task, and the facts of a closure a post may use. No AWS here.
import { closureTypeOf, type ClosureRecord } from '../closures/types';

/** Spec §9: content generation closure limit per task. */
export const MAX_TASK_CLOSURES = 26;
export const TOO_MANY_CLOSURES_MESSAGE = `A task can include at most ${MAX_TASK_CLOSURES} closures`;
export const MAX_POST_LENGTH = 2000;
/** The domain event that asks the communications consumer to write a task's posts. */
export const GENERATE_EVENT = 'contentTask.generate';

export type TaskStatus = 'error' | 'draft' | 'generating' | 'awaiting_approval' | 'approved';

export interface TaskTimes {
  error?: string | null;
  initiated?: number | null;
  completed?: number | null;
  approved?: number | null;
}

/** Spec §4, in its order: Error, Draft, Generating, Awaiting Approval, Approved. */
export function taskStatus(t: TaskTimes): TaskStatus {
  if (t.error) return 'error';
  if (!t.initiated) return 'draft';
  if (!t.completed) return 'generating';
  if (!t.approved) return 'awaiting_approval';
  return 'approved';
}

/** Which transitions a task allows; the reason is the message the officer sees. */
export function canGenerate(t: TaskTimes): true | string {
  const status = taskStatus(t);
  if (status === 'generating') return 'The posts are already being written';
  if (status === 'approved') return 'An approved task cannot be generated again';
  return true;
}

export function canEditPosts(t: TaskTimes): true | string {
  return taskStatus(t) === 'awaiting_approval' ? true : 'Posts can be edited once they are written and before approval';
}

export function canApprove(t: TaskTimes): true | string {
  return taskStatus(t) === 'awaiting_approval' ? true : 'Only a task awaiting approval can be approved';
}

/** Everything a post may say about one closure: the facts, nothing else. */
export interface ClosureFacts {
  closureId: string;
  type: string;
  condition: 'closed' | 'changed' | 'opened';
  road: string | null;
  locality: string | null;
  reason: string | null;
  detour: string | null;
  /** "Tuesday 1 December, 5:00 pm" in the council's time zone, or null when unknown. */
  expectedReopening: string | null;
  link: string;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Sydney',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * "Lachlan Valley Way, Forbes, NSW" → road "Lachlan Valley Way", locality "Forbes"; "Forbes, NSW"
 * (no named road near, e.g. a street drawn by hand) → no road. The nearest road's label is never
 * taken for the road: away from named roads it is a road class, possibly kilometres off.
 */
export function roadAndLocality(c: Pick<ClosureRecord, 'formattedAddress' | 'nearestLocation'>): { road: string | null; locality: string | null } {
  const parts = (c.formattedAddress ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  const road = parts.length >= 3 ? parts[0] : null;
  const locality = parts.length >= 3 ? parts[parts.length - 2] : parts.length === 2 && parts[0] !== road ? parts[0] : null;
  return { road, locality };
}

export function closureFacts(c: ClosureRecord, siteUrl: string): ClosureFacts {
  const { road, locality } = roadAndLocality(c);
  return {
    closureId: c.id,
    type: closureTypeOf(c.type).text,
    condition: c.condition,
    road,
    locality,
    reason: c.reason?.trim() || null,
    detour: c.detour?.trim() || null,
    expectedReopening: c.estimatedReopening ? DATE_FORMAT.format(new Date(c.estimatedReopening * 1000)) : null,
    link: `${siteUrl.replace(/\/$/, '')}/map?closure=${encodeURIComponent(c.id)}`,
  };
}
