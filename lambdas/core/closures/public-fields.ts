// The public shape of a closure: the fields anyone may see, listed once for every place that
// publishes a closure — the public map's per-LGA file, the open GeoJSON feed and the API (which
// adds the staff-only fields and media). Pure; the field order is the order the files are written in.
import { effectiveView } from '../closure-views';
import { closureTypeOf, type ClosureRecord } from './types';

/** What a closure is and where: the opening fields of every public shape. */
export function closureSummaryFields(c: ClosureRecord) {
  return {
    id: c.id,
    lgaCode: c.lgaCode,
    active: c.active,
    condition: c.condition,
    type: closureTypeOf(c.type),
    reason: c.reason ?? null,
    detour: c.detour ?? null,
    position: c.position,
    formattedAddress: c.formattedAddress ?? null,
  };
}

/** When a closure starts, is expected to reopen and reopened. */
export function closureScheduleFields(c: ClosureRecord) {
  return {
    scheduledFor: c.scheduledFor ?? null,
    estimatedReopening: c.estimatedReopening ?? null,
    openedAt: c.openedAt ?? null,
  };
}

/**
 * Everything the public map shows of a closure: the fields of the map's GraphQL selection, with
 * each region's geometry as a JSON string like the API's AWSJSON.
 */
export function publicClosureFields(c: ClosureRecord, now: number) {
  return {
    ...closureSummaryFields(c),
    regions: c.regions.map((r) => ({ id: r.id, geometry: JSON.stringify(r.geometry) })),
    ...closureScheduleFields(c),
    archivedAt: c.archivedAt ?? null,
    deletedAt: c.deletedAt ?? null,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    scheduled: effectiveView(c, now) === 'SCHEDULED',
  };
}

export type PublicClosure = ReturnType<typeof publicClosureFields>;
