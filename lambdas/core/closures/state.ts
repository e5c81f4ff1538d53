// Closure state transitions (spec §4): each takes the closure as read and returns the closure to
// write, the activity entry recording who did what, and the domain event to publish. Pure: the
// caller supplies ids, the clock and where the closure is (nearest road, address).
import { conflict, notFound, validationError } from '../errors';
import { storedViewOf } from '../closure-views';
import { indexGeometry, MESSAGES, type IndexedGeometry } from './geometry';
import type { ClosureInputValue } from './input';
import { nextPeriods } from './periods';
import type { ActivityEntry, Actor, ClosureAction, ClosureEventType, ClosureRecord, LatLng, NearestLocation, Position, Region } from './types';

export interface Located {
  nearestLocation?: NearestLocation;
  formattedAddress?: string;
}

export interface ChangeContext {
  now: number;
  actor: Actor;
  /** Fresh ids for new regions (randomUUID in production, predictable in tests). */
  newId: () => string;
  /**
   * Nearest road and address of a position; may return nothing when the road data is missing.
   * For a line drawn by hand the road counts only when it runs right there.
   */
  locate: (position: LatLng, options?: { drawnByHand?: boolean }) => Located;
}

export interface ClosureChange {
  before?: ClosureRecord;
  after: ClosureRecord;
  /** Index geometry of `after` when its regions changed (extra cells are rewritten). */
  geometry?: IndexedGeometry;
  activity: ActivityEntry;
  event: ClosureEventType;
}

/**
 * The lines a closure lay along before this change, when the change moved its roads (edited,
 * added or removed a region): its event carries them, so the people watching an area it has left
 * are told once (docs/alerts.md#watch-zones). At most 5,000 points, well inside an event's size.
 */
export function movedFromOf(change: Pick<ClosureChange, 'before' | 'after'>): Position[][] | undefined {
  if (!change.before) return undefined;
  const linesOf = (c: ClosureRecord) => c.regions.map((r) => r.geometry.coordinates);
  const before = linesOf(change.before);
  return JSON.stringify(before) === JSON.stringify(linesOf(change.after)) ? undefined : before;
}

const activity = (c: ClosureRecord, ctx: ChangeContext, action: ClosureAction, payload?: Record<string, unknown>): ActivityEntry => ({
  closureId: c.id,
  timestamp: ctx.now,
  action,
  user: ctx.actor,
  ...(payload ? { payload } : {}),
});

/** The list and flags a closure's facts put it in, and its periods in effect moved on from `previous`. */
function withDerivedState(c: ClosureRecord, now: number, previous?: ClosureRecord): ClosureRecord {
  const view = storedViewOf(c, now);
  const derived = { ...c, view, active: view !== 'DELETED' && view !== 'ARCHIVED' };
  return { ...derived, periods: nextPeriods(previous, derived, now) };
}

function regionsFrom(input: ClosureInputValue, previous: Region[], ctx: ChangeContext): Region[] {
  const byId = new Map(previous.map((r) => [r.id, r]));
  return input.regions.map((r) => {
    const existing = r.id ? byId.get(r.id) : undefined;
    if (!existing) return { id: ctx.newId(), geometry: r.geometry, ...(r.drawnByHand ? { drawnByHand: true } : {}), createdAt: ctx.now, updatedAt: ctx.now };
    // Left out (an edit that only renames or reorders): the region keeps how it was drawn.
    const drawnByHand = r.drawnByHand ?? existing.drawnByHand ?? false;
    const same = JSON.stringify(existing.geometry.coordinates) === JSON.stringify(r.geometry.coordinates) && drawnByHand === (existing.drawnByHand ?? false);
    if (same) return existing;
    const { drawnByHand: _was, ...rest } = existing;
    return { ...rest, geometry: r.geometry, ...(drawnByHand ? { drawnByHand: true } : {}), updatedAt: ctx.now };
  });
}

function placed(regions: Region[], ctx: ChangeContext) {
  const geometry = indexGeometry(regions);
  const { nearestLocation, formattedAddress } = ctx.locate(geometry.position, { drawnByHand: regions.some((r) => r.drawnByHand) });
  return {
    geometry,
    fields: {
      position: geometry.position,
      geohash: geometry.geohash,
      geohash4: geometry.geohash4,
      geohash7: geometry.geohash7,
      cells: geometry.cells,
      nearestLocation,
      formattedAddress,
    },
  };
}

const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

export function createClosure(id: string, input: ClosureInputValue, ctx: ChangeContext, extra: Partial<ClosureRecord> = {}): ClosureChange {
  const regions = regionsFrom({ ...input, regions: input.regions.map((r) => ({ ...r, id: null })) }, [], ctx);
  const { geometry, fields } = placed(regions, ctx);
  const after = withDerivedState(
    {
      id,
      lgaCode: input.lgaCode,
      view: 'ACTIVE',
      active: true,
      condition: input.condition ?? 'closed',
      type: input.type,
      reason: orUndefined(input.reason),
      detour: input.detour?.trim() || undefined,
      ...fields,
      regions,
      scheduledFor: orUndefined(input.scheduledFor),
      estimatedReopening: orUndefined(input.estimatedReopening),
      media: [],
      subscriberCount: 0,
      createdBy: ctx.actor.uid,
      updatedBy: ctx.actor.uid,
      version: 1,
      createdAt: ctx.now,
      updatedAt: ctx.now,
      ...extra,
    },
    ctx.now,
  );
  return {
    after,
    geometry,
    activity: activity(after, ctx, 'created', {
      type: after.type,
      regions: regions.length,
      ...(regions.some((r) => r.drawnByHand) ? { drawnByHand: regions.filter((r) => r.drawnByHand).length } : {}),
      scheduledFor: after.scheduledFor ?? null,
    }),
    event: 'closure.created',
  };
}

function assertChangeable(c: ClosureRecord): void {
  if (c.view === 'DELETED') throw conflict('Deleted closures cannot be changed. Restore the closure first.');
  if (c.view === 'ARCHIVED') throw conflict('Archived closures cannot be changed');
}

const next = (c: ClosureRecord, ctx: ChangeContext, changes: Partial<ClosureRecord>): ClosureRecord =>
  withDerivedState({ ...c, ...changes, version: c.version + 1, updatedAt: ctx.now, updatedBy: ctx.actor.uid }, ctx.now, c);

const TRACKED = ['type', 'reason', 'detour', 'condition', 'scheduledFor', 'estimatedReopening'] as const;

export function updateClosure(before: ClosureRecord, input: ClosureInputValue, ctx: ChangeContext): ClosureChange {
  assertChangeable(before);
  if (input.lgaCode !== before.lgaCode) throw validationError('A closure cannot be moved to another LGA');
  const regions = regionsFrom(input, before.regions, ctx);
  const geometryChanged = JSON.stringify(regions) !== JSON.stringify(before.regions);
  const placement = geometryChanged ? placed(regions, ctx) : undefined;
  const condition = input.condition ?? before.condition;
  const after = next(before, ctx, {
    type: input.type,
    reason: orUndefined(input.reason),
    // Added after the first clients: leaving it out keeps the detour, empty or null clears it.
    detour: input.detour === undefined ? before.detour : input.detour?.trim() || undefined,
    condition,
    openedAt: condition === 'opened' ? before.openedAt : undefined,
    scheduledFor: orUndefined(input.scheduledFor),
    estimatedReopening: orUndefined(input.estimatedReopening),
    regions,
    ...placement?.fields,
  });
  const changes: Record<string, unknown> = {};
  for (const key of TRACKED) {
    if (before[key] !== after[key]) changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  if (geometryChanged) changes.regions = { from: before.regions.length, to: regions.length };
  return { before, after, geometry: placement?.geometry, activity: activity(after, ctx, 'updated', changes), event: 'closure.changed' };
}

/** Spec §4: condition opened, openedAt now, estimatedReopening cleared; archived after 24 h. */
export function reopenClosure(before: ClosureRecord, ctx: ChangeContext): ClosureChange {
  assertChangeable(before);
  if (before.condition === 'opened') throw conflict('The closure is already open');
  const after = next(before, ctx, { condition: 'opened', openedAt: ctx.now, estimatedReopening: undefined, scheduledFor: undefined });
  return {
    before,
    after,
    activity: activity(after, ctx, 'reopened', { estimatedReopening: before.estimatedReopening ?? null }),
    event: 'closure.reopened',
  };
}

/** Spec §4: deleting sets deletedAt and active false. */
export function deleteClosure(before: ClosureRecord, ctx: ChangeContext): ClosureChange {
  if (before.view === 'DELETED') throw conflict('The closure is already deleted');
  if (before.view === 'ARCHIVED') throw conflict('Archived closures cannot be changed');
  const after = next(before, ctx, { deletedAt: ctx.now });
  return { before, after, activity: activity(after, ctx, 'deleted', { view: before.view }), event: 'closure.deleted' };
}

/** "Restore from deleted": back to the list its facts put it in. */
export function restoreClosure(before: ClosureRecord, ctx: ChangeContext): ClosureChange {
  if (before.view !== 'DELETED') throw conflict('Only deleted closures can be restored');
  const after = next(before, ctx, { deletedAt: undefined });
  return { before, after, activity: activity(after, ctx, 'restored', { view: after.view }), event: 'closure.changed' };
}

export function deleteRegion(before: ClosureRecord, regionId: string, ctx: ChangeContext): ClosureChange {
  assertChangeable(before);
  const region = before.regions.find((r) => r.id === regionId);
  if (!region) throw notFound(`Region ${regionId} not found`);
  if (before.regions.length === 1) throw validationError(`${MESSAGES.noRegions}. Delete the closure instead.`);
  const regions = before.regions.filter((r) => r.id !== regionId);
  const placement = placed(regions, ctx);
  const after = next(before, ctx, { regions, ...placement.fields });
  return {
    before,
    after,
    geometry: placement.geometry,
    activity: activity(after, ctx, 'region_deleted', { regionId }),
    event: 'closure.changed',
  };
}

export function addMedia(before: ClosureRecord, mediaId: string, ctx: ChangeContext): ClosureChange {
  assertChangeable(before);
  if (before.media.includes(mediaId)) throw conflict('The media item is already attached to this closure');
  const after = next(before, ctx, { media: [...before.media, mediaId] });
  return { before, after, activity: activity(after, ctx, 'media_added', { mediaId }), event: 'closure.changed' };
}

export function removeMedia(before: ClosureRecord, mediaId: string, ctx: ChangeContext): ClosureChange {
  if (!before.media.includes(mediaId)) throw notFound(`Media ${mediaId} not found on this closure`);
  const after = next(before, ctx, { media: before.media.filter((m) => m !== mediaId) });
  return { before, after, activity: activity(after, ctx, 'media_removed', { mediaId }), event: 'closure.changed' };
}

/** Spec §4: a reopened closure leaves the map 24 hours later (the hourly schedule). */
export function archiveClosure(before: ClosureRecord, ctx: ChangeContext): ClosureChange {
  if (before.view !== 'RECENTLY_OPENED') throw conflict('Only reopened closures can be archived');
  const after = next(before, ctx, { archivedAt: ctx.now });
  return { before, after, activity: activity(after, ctx, 'archived', { openedAt: before.openedAt ?? null }), event: 'closure.changed' };
}

/** A scheduled closure whose start has come: it moves to the active list. */
export function startScheduledClosure(before: ClosureRecord, ctx: ChangeContext): ClosureChange | undefined {
  if (before.view !== 'SCHEDULED' || (before.scheduledFor !== undefined && before.scheduledFor > ctx.now)) return undefined;
  const after = { ...withDerivedState(before, ctx.now, before), version: before.version + 1, updatedAt: ctx.now };
  return { before, after, activity: activity(after, ctx, 'started', { scheduledFor: before.scheduledFor ?? null }), event: 'closure.changed' };
}
