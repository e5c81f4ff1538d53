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
