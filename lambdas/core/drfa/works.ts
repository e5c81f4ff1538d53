// Works and costs against a closure for a DRFA claim (docs/drfa.md#works-and-costs): the council's
// own road segment id and chainage, and entries for traffic control, labour, plant and costs, each
// kept with who entered it. Who may enter and read them, their inputs and an event's totals. Pure.
import { z } from 'zod';
import type { StaffRole } from '../access';
import { closureId } from '../closures/input';
import { EVENT_READERS, EVENT_RECORDERS, isoDay } from './events';

/** Who enters works and costs (and the segment and chainage); the evidence readers may also read them. */
export const WORKS_RECORDERS: readonly StaffRole[] = EVENT_RECORDERS;
export const WORKS_READERS: readonly StaffRole[] = EVENT_READERS;

export const WORK_KINDS = {
  traffic_control: 'Traffic control',
  labour: 'Labour',
  plant: 'Plant',
  cost: 'Cost',
} as const;
export type WorkKind = keyof typeof WORK_KINDS;

/** What a cost was for: the totals sheet adds costs up by these. */
export const COST_KINDS = {
  contractor: 'Contractor',
  materials: 'Materials',
  plant_hire: 'Plant hire',
  traffic_control: 'Traffic control',
  wages: 'Wages',
  other: 'Other',
} as const;
export type CostKind = keyof typeof COST_KINDS;

/** At most this many entries per closure (a long recovery job is still well under it). */
export const MAX_ENTRIES_PER_CLOSURE = 500;
export const WORK_ENTRY_NOT_FOUND = 'Works entry not found';

const MAX_CHAINAGE_KM = 10_000;
const MAX_HOURS = 100_000;
/** A million dollars and more is a reconstruction contract, still one entry: at most $100m. */
const MAX_CENTS = 10_000_000_000;

/** Kilometres with at most three decimals (metres), e.g. 12.350. */
const chainageKm = z
  .number({ invalid_type_error: 'Chainage is a number of kilometres, e.g. 12.350' })
  .finite('Chainage is a number of kilometres, e.g. 12.350')
  .min(0, 'Chainage cannot be negative')
  .max(MAX_CHAINAGE_KM, `Chainage is at most ${MAX_CHAINAGE_KM} km`)
  .refine((km) => Math.abs(km * 1000 - Math.round(km * 1000)) < 1e-6, 'Chainage is kept to the metre: at most three decimals, e.g. 12.350');

export const RoadSegmentInput = z
  .object({
    closureId,
    roadSegmentId: z
      .string()
      .trim()
      .max(60, 'Road segment id is too long (maximum 60 characters)')
      .regex(/^[\w .:/#-]*$/, 'Road segment id may hold letters, digits, spaces and . : / # - _')
      .nullish()
      .transform((v) => v || undefined),
    chainageStartKm: chainageKm.nullish(),
    chainageEndKm: chainageKm.nullish(),
    /** The version the form read (absent when nothing was recorded yet). */
    version: z.number().int().min(1).max(1_000_000).nullish(),
  })
  .strict()
  .superRefine((s, ctx) => {
    const start = s.chainageStartKm ?? null;
    const end = s.chainageEndKm ?? null;
    if ((start === null) !== (end === null)) ctx.addIssue({ code: 'custom', message: 'Give both the start and end chainage, or neither', path: [start === null ? 'chainageStartKm' : 'chainageEndKm'] });
    if (start !== null && end !== null && end < start) ctx.addIssue({ code: 'custom', message: 'The end chainage cannot be before the start chainage', path: ['chainageEndKm'] });
  });
export type RoadSegmentInputValue = z.infer<typeof RoadSegmentInput>;

/** An entry's id, made by the form when it opens, so a repeated save makes no second entry. */
export const workEntryId = z.string().trim().regex(/^[A-Za-z0-9-]{8,64}$/, WORK_ENTRY_NOT_FOUND);

const hours = z
  .number({ invalid_type_error: 'Hours is a number, e.g. 7.5' })
  .finite('Hours is a number, e.g. 7.5')
  .positive('Hours must be more than 0')
  .max(MAX_HOURS, `Hours is at most ${MAX_HOURS}`)
  .refine((h) => Math.abs(h * 100 - Math.round(h * 100)) < 1e-6, 'Hours is kept to two decimals, e.g. 7.25');

export const WorkEntryInput = z
  .object({
    closureId,
    id: workEntryId,
    kind: z.enum(Object.keys(WORK_KINDS) as [WorkKind, ...WorkKind[]], { errorMap: () => ({ message: 'Choose traffic control, labour, plant or cost' }) }),
    description: z.string().trim().max(500, 'Description is too long (maximum 500 characters)').nullish().transform((v) => v || undefined),
    /** Traffic control: the devices in place (signs, barriers, lights, message boards). */
    devices: z.number().int('Devices is a whole number').min(1, 'At least one device').max(10_000, 'At most 10000 devices').nullish(),
    /** Traffic control: the first and last day the devices stood; labour, plant and costs: the day of the work. */
    fromDay: isoDay.nullish(),
    toDay: isoDay.nullish(),
    hours: hours.nullish(),
    amountCents: z.number().int('An amount is whole cents').positive('The amount must be more than $0').max(MAX_CENTS, 'The amount is at most $100,000,000').nullish(),
    costKind: z.enum(Object.keys(COST_KINDS) as [CostKind, ...CostKind[]], { errorMap: () => ({ message: 'Choose what the cost was for' }) }).nullish(),
    /** An invoice, work order or timesheet number: the claim's audit trail. */
    reference: z.string().trim().max(60, 'Reference is too long (maximum 60 characters)').nullish().transform((v) => v || undefined),
    /** The version the form read, when editing. */
    version: z.number().int().min(1).max(1_000_000).nullish(),
  })
  .strict()
  .superRefine((e, ctx) => {
    const need = (ok: unknown, message: string, path: string) => {
      if (ok === null || ok === undefined) ctx.addIssue({ code: 'custom', message, path: [path] });
    };
    need(e.fromDay, e.kind === 'traffic_control' ? 'Give the first day the devices stood' : 'Give the day of the work', 'fromDay');
    if (e.kind === 'traffic_control') {
      need(e.devices, 'Give the number of devices', 'devices');
      need(e.toDay, 'Give the last day the devices stood', 'toDay');
      if (e.fromDay && e.toDay && e.toDay < e.fromDay) ctx.addIssue({ code: 'custom', message: 'The last day cannot be before the first', path: ['toDay'] });
    }
    if (e.kind === 'labour' || e.kind === 'plant') need(e.hours, 'Give the hours worked', 'hours');
    if (e.kind === 'plant') need(e.description, 'Name the plant (e.g. grader, 12 t excavator)', 'description');
    if (e.kind === 'cost') {
      need(e.amountCents, 'Give the amount', 'amountCents');
      need(e.costKind, 'Choose what the cost was for', 'costKind');
    }
  });
export type WorkEntryInputValue = z.infer<typeof WorkEntryInput>;

/** The fields an entry of its kind keeps (the others are dropped, so a changed kind leaves nothing stale). */
export function entryFields(e: WorkEntryInputValue) {
  return {
    kind: e.kind,
    description: e.description,
    fromDay: e.fromDay ?? undefined,
    toDay: e.kind === 'traffic_control' ? (e.toDay ?? undefined) : undefined,
    devices: e.kind === 'traffic_control' ? (e.devices ?? undefined) : undefined,
    hours: e.kind === 'labour' || e.kind === 'plant' ? (e.hours ?? undefined) : undefined,
    amountCents: e.kind === 'cost' ? (e.amountCents ?? undefined) : undefined,
    costKind: e.kind === 'cost' ? (e.costKind ?? undefined) : undefined,
    reference: e.reference,
  };
}

export interface WorkEntryFacts {
  kind: string;
  devices?: number;
  fromDay?: string;
  toDay?: string;
  hours?: number;
  amountCents?: number;
  costKind?: string;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** Devices × days they stood, both days counted (3 signs from 1 to 3 November: 9 device-days). */
export function deviceDays(e: WorkEntryFacts): number {
  if (e.kind !== 'traffic_control' || !e.devices || !e.fromDay || !e.toDay) return 0;
  return e.devices * (dayNumber(e.toDay) - dayNumber(e.fromDay) + 1);
}

export interface WorkTotals {
  labourHours: number;
  plantHours: number;
  deviceDays: number;
  costCents: number;
  /** Every cost kind, in the order of COST_KINDS, with 0 where nothing was spent. */
  costs: { kind: CostKind; amountCents: number }[];
  entries: number;
}

/** The totals sheet: hours to the hundredth, cents exact. */
export function workTotals(entries: readonly WorkEntryFacts[]): WorkTotals {
  const byKind = new Map<string, number>();
  let labour = 0;
  let plant = 0;
  let days = 0;
  for (const e of entries) {
    if (e.kind === 'labour') labour += e.hours ?? 0;
    if (e.kind === 'plant') plant += e.hours ?? 0;
    days += deviceDays(e);
    if (e.kind === 'cost' && e.costKind) byKind.set(e.costKind, (byKind.get(e.costKind) ?? 0) + (e.amountCents ?? 0));
  }
  const costs = (Object.keys(COST_KINDS) as CostKind[]).map((kind) => ({ kind, amountCents: byKind.get(kind) ?? 0 }));
  return {
    labourHours: Math.round(labour * 100) / 100,
    plantHours: Math.round(plant * 100) / 100,
    deviceDays: days,
    costCents: costs.reduce((sum, c) => sum + c.amountCents, 0),
    costs,
    entries: entries.length,
  };
}

/** "$1,234.50" */
export const formatCents = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
