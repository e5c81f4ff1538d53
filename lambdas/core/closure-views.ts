// The staff list a closure is stored under (gsi1 sort key prefix). REOPENING_SCHEDULED,
// REOPENING_OVERDUE and STALE depend on the clock, so they are read from ACTIVE with a
// condition instead of being stored.
export const STORED_VIEWS = ['ACTIVE', 'SCHEDULED', 'RECENTLY_OPENED', 'ARCHIVED', 'DELETED'] as const;
export type StoredView = (typeof STORED_VIEWS)[number];

/** Spec §4/§9: reopened closures are archived and leave the map after 24 hours. */
export const ARCHIVE_AFTER_SECONDS = 24 * 3600;

export function isDueForArchive(closure: { view: string; openedAt?: number }, now: number): boolean {
  return closure.view === 'RECENTLY_OPENED' && closure.openedAt !== undefined && now - closure.openedAt >= ARCHIVE_AFTER_SECONDS;
}

/** Every list of the staff closures screen (spec §2 /closures children). */
export const CLOSURE_VIEWS = [...STORED_VIEWS, 'REOPENING_SCHEDULED', 'REOPENING_OVERDUE', 'STALE'] as const;
export type ClosureView = (typeof CLOSURE_VIEWS)[number];
export type TimedView = Exclude<ClosureView, StoredView>;
export const isStoredView = (view: ClosureView): view is StoredView => (STORED_VIEWS as readonly string[]).includes(view);

/** A closure not updated for 7 days is stale (docs/architecture.md#schedules). */
export const STALE_AFTER_SECONDS = 7 * 24 * 3600;

interface ViewFacts {
  condition: string;
  scheduledFor?: number;
  archivedAt?: number;
  deletedAt?: number;
}

/** The list a closure is stored under, from its facts (spec §4). */
export function storedViewOf(closure: ViewFacts, now: number): StoredView {
  if (closure.deletedAt !== undefined) return 'DELETED';
  if (closure.archivedAt !== undefined) return 'ARCHIVED';
  if (closure.condition === 'opened') return 'RECENTLY_OPENED';
  if (closure.scheduledFor !== undefined && closure.scheduledFor > now) return 'SCHEDULED';
  return 'ACTIVE';
}

/** A scheduled closure whose start has passed is active, even before the schedule moves it. */
export function effectiveView(closure: { view: string; scheduledFor?: number }, now: number): StoredView {
  if (closure.view === 'SCHEDULED' && (closure.scheduledFor === undefined || closure.scheduledFor <= now)) return 'ACTIVE';
  return closure.view as StoredView;
}

export const isReopeningScheduled = (c: { estimatedReopening?: number }, now: number) =>
  c.estimatedReopening !== undefined && c.estimatedReopening > now;
export const isReopeningOverdue = (c: { estimatedReopening?: number }, now: number) =>
  c.estimatedReopening !== undefined && c.estimatedReopening <= now;
export const isStale = (c: { updatedAt: number }, now: number) => now - c.updatedAt >= STALE_AFTER_SECONDS;
