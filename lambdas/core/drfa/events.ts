// Disaster events a council claims against (docs/drfa.md#disaster-events): their inputs, who may
// record and read them, and which closures an area-and-dates tag takes in. Pure.
import { z } from 'zod';
import { hasRole, type Principal, type StaffRole } from '../access';
import { forbidden } from '../errors';
import { lgaCode } from '../validation';
import { BoundsInput, closureId } from '../closures/input';
import { overlaps, type ConditionPeriod } from '../closures/periods';
import type { ClosureRecord } from '../closures/types';

/** The DRFA measures a council's activation may include. */
export const DRFA_MEASURES = {
  counter_disaster_operations: 'Counter-disaster operations',
  emergency_works: 'Emergency works',
  immediate_reconstruction: 'Immediate reconstruction works',
  reconstruction: 'Reconstruction of essential public assets',
} as const;
export type DrfaMeasure = keyof typeof DRFA_MEASURES;

/** Who records events and tags closures; the evidence exporters may also read them. */
export const EVENT_RECORDERS = ['account_manager', 'closure_administrator'] as const satisfies readonly StaffRole[];
export const EVENT_READERS = [...EVENT_RECORDERS, 'media_comms_manager'] as const satisfies readonly StaffRole[];
/** At most this many closures are tagged by one call (an area tag over a whole flood). */
export const MAX_TAGS_PER_CALL = 300;

/** Claim records are kept 7 years: no paying customer is needed, only the role in the council. */
export function requireAnyOf(p: Principal, lga: string, roles: readonly StaffRole[]): Principal {
  if (roles.some((role) => hasRole(p, lga, role))) return p;
  throw forbidden();
}

export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date')
  .refine((d) => new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Invalid date');

export const eventId = z.string().trim().min(1, 'Disaster event not found').max(80, 'Disaster event not found');

/** "AGRN 1034", "agrn-1034" and "1034" are the same reference: its digits are kept. */
const agrn = z
  .string()
  .trim()
  .transform((v) => v.replace(/^agrn[\s\-:#]*/i, ''))
  .refine((v) => v === '' || /^\d{1,6}$/.test(v), 'An AGRN is the number of the declared disaster, e.g. AGRN 1034')
  .transform((v) => v || undefined);

export const DisasterEventInput = z
  .object({
    id: eventId.nullish(),
    lgaCode,
    name: z.string().trim().min(1, 'Event name is required').max(120, 'Event name is too long (maximum 120 characters)'),
    agrn: agrn.nullish(),
    startDay: isoDay,
    endDay: isoDay.nullish(),
    measures: z
      .array(z.enum(Object.keys(DRFA_MEASURES) as [DrfaMeasure, ...DrfaMeasure[]], { errorMap: () => ({ message: 'Invalid DRFA measure' }) }))
      .max(4)
      .nullish()
      .refine((m) => !m || new Set(m).size === m.length, 'Each measure once'),
    /** The version the form read, when editing. */
    version: z.number().int().min(1).nullish(),
  })
  .strict()
  .refine((e) => !e.endDay || e.endDay >= e.startDay, { message: 'The event cannot end before it starts' });
export type DisasterEventInputValue = z.infer<typeof DisasterEventInput>;

export const EventTagInput = z
  .object({
    eventId,
    closureIds: z.array(closureId).max(MAX_TAGS_PER_CALL, `Tag at most ${MAX_TAGS_PER_CALL} closures at once`).nullish(),
    area: BoundsInput.nullish(),
    fromDay: isoDay.nullish(),
    toDay: isoDay.nullish(),
    remove: z.boolean().nullish(),
  })
  .strict()
  .refine((t) => (t.closureIds?.length ?? 0) > 0 || t.area, { message: 'Choose closures, or an area and dates' })
  .refine((t) => !t.area || (t.fromDay && t.toDay && t.toDay >= t.fromDay), { message: 'Choose the dates the area was affected' });
export type EventTagInputValue = z.infer<typeof EventTagInput>;

/** The key that keeps names unique per council: case and spacing do not make a new event. */
export const eventNameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

const inBox = ([lng, lat]: [number, number], b: Box) => lng >= b.west && lng <= b.east && lat >= b.south && lat <= b.north;

/** A closure an area tag takes in: a point of its lines in the area, in effect during the days. */
export function inAreaAndDays(c: ClosureRecord, periods: readonly ConditionPeriod[], area: Box, from: number, to: number, now: number): boolean {
  const touches = c.regions.some((r) => r.geometry.coordinates.some((p) => inBox(p, area))) || inBox([c.position.lng, c.position.lat], area);
  return touches && overlaps(periods, from, to, now);
}
