// The claim pack's registers (docs/drfa.md#the-claim-pack): closures, their periods in effect,
// works and costs, activity with what changed, and the event's totals. Each register is one table
// that becomes a CSV file and a sheet of the workbook. Pure.
import type { ConditionPeriod } from '../closures/periods';
import { COST_KINDS, WORK_KINDS, deviceDays, workTotals, type WorkEntryFacts, type WorkTotals } from './works';
import { DRFA_MEASURES, type DrfaMeasure } from './events';
import { actionText, changesText, conditionText, csvCell, formatDay, formatWhen, hoursOf } from './pack-format';

type Person = { uid: string; email?: string; displayName?: string };

export interface PackClosure {
  id: string;
  typeText: string;
  condition: string;
  road: string | null;
  locality: string | null;
  address: string | null;
  reason: string | null;
  detour: string | null;
  start: { lat: number; lng: number } | null;
  end: { lat: number; lng: number } | null;
  lengthMetres: number;
  geometry: { type: 'MultiLineString'; coordinates: [number, number][][] };
  periods: ConditionPeriod[];
  firstClosed: number;
  closedUntil: number | null;
  closedSeconds: number;
  changedSeconds: number;
  deletedAt: number | null;
  segment?: { roadSegmentId?: string; chainageStartKm?: number; chainageEndKm?: number };
  /** Oldest first. */
  activities: { timestamp: number; action: string; user?: Person; payload?: unknown }[];
}

export interface PackEntryRecord extends WorkEntryFacts {
  id: string;
  closureId: string;
  description?: string;
  reference?: string;
  enteredBy: Person;
  createdAt: number;
  updatedBy?: Person;
  updatedAt: number;
}

export interface PackData {
  lgaCode: string;
  lgaName: string | null;
  timeZone: string;
  generated: number;
  event: { id: string; name: string; agrn?: string; startDay: string; endDay?: string; measures?: string[] };
  /** Sorted by when each first took effect. */
  closures: PackClosure[];
  entries: PackEntryRecord[];
}

export type Cell = string | number | null;

/** One register: a CSV file of the pack and a sheet of its workbook. */
export interface Register {
  /** The workbook's sheet name (at most 31 characters). */
  sheet: string;
  /** The CSV's path in the pack, e.g. registers/closures.csv. */
  file: string;
  header: string[];
  rows: Cell[][];
}

const who = (p: Person | undefined) => (p ? (p.displayName ? `${p.displayName} <${p.email ?? p.uid}>` : (p.email ?? p.uid)) : '');
const roadOf = (c: PackClosure | undefined) => (c ? [c.road, c.locality].filter(Boolean).join(', ') || c.address || '' : '');
const deletedText = (c: PackClosure, tz: string) => (c.deletedAt != null ? `Deleted ${formatWhen(c.deletedAt, tz)}` : '');

export function periodText(p: ConditionPeriod, tz: string) {
  return `${conditionText(p.condition)} ${formatWhen(p.from, tz)} to ${p.until == null ? 'now' : formatWhen(p.until, tz)}`;
}

function closuresRegister(d: PackData): Register {
  const tz = d.timeZone;
  return {
    sheet: 'Closures',
    file: 'registers/closures.csv',
    header: [
      'Closure id', 'Deleted', 'Type', 'Condition now', 'Road', 'Locality', 'Address', 'Road segment id', 'Chainage start (km)', 'Chainage end (km)',
      'Start latitude', 'Start longitude', 'End latitude', 'End longitude', 'Length (m)', 'First in effect', 'In effect until',
      'Closed (hours)', 'Changed conditions (hours)', 'Periods', 'Reason', 'Detour',
    ],
    rows: d.closures.map((c) => [
      c.id, deletedText(c, tz), c.typeText, conditionText(c.condition), c.road, c.locality, c.address,
      c.segment?.roadSegmentId ?? null, c.segment?.chainageStartKm ?? null, c.segment?.chainageEndKm ?? null,
      c.start?.lat ?? null, c.start?.lng ?? null, c.end?.lat ?? null, c.end?.lng ?? null, c.lengthMetres,
      formatWhen(c.firstClosed, tz), c.closedUntil != null ? formatWhen(c.closedUntil, tz) : 'Still in effect',
      hoursOf(c.closedSeconds), hoursOf(c.changedSeconds), c.periods.map((p) => periodText(p, tz)).join('; '), c.reason, c.detour,
    ]),
  };
}

function periodsRegister(d: PackData, now: number): Register {
  const tz = d.timeZone;
  return {
    sheet: 'Periods',
    file: 'registers/periods.csv',
    header: ['Closure id', 'Road', 'Condition', 'From', 'Until', 'Hours', 'Deleted'],
    rows: d.closures.flatMap((c) =>
      c.periods.map((p) => [c.id, roadOf(c), conditionText(p.condition), formatWhen(p.from, tz), p.until == null ? 'Still in effect' : formatWhen(p.until, tz), hoursOf((p.until ?? now) - p.from), deletedText(c, tz)]),
    ),
  };
}

function worksRegister(d: PackData): Register {
  const tz = d.timeZone;
  const closures = new Map(d.closures.map((c) => [c.id, c]));
  return {
    sheet: 'Works and costs',
    file: 'registers/works-and-costs.csv',
    header: [
      'Entry id', 'Closure id', 'Road', 'Kind', 'Description', 'Devices', 'From day', 'To day', 'Device-days', 'Hours', 'Cost kind', 'Amount (AUD)', 'Reference',
      'Entered by', 'Entered at', 'Last changed by', 'Last changed at',
    ],
    rows: d.entries.map((e) => [
      e.id, e.closureId, roadOf(closures.get(e.closureId)), WORK_KINDS[e.kind as keyof typeof WORK_KINDS] ?? e.kind, e.description ?? null,
      e.devices ?? null, formatDay(e.fromDay), formatDay(e.toDay), e.kind === 'traffic_control' ? deviceDays(e) : null, e.hours ?? null,
      e.costKind ? (COST_KINDS[e.costKind as keyof typeof COST_KINDS] ?? e.costKind) : null, e.amountCents != null ? e.amountCents / 100 : null, e.reference ?? null,
      who(e.enteredBy), formatWhen(e.createdAt, tz), e.updatedBy ? who(e.updatedBy) : null, e.updatedBy ? formatWhen(e.updatedAt, tz) : null,
    ]),
  };
}

function activityRegister(d: PackData): Register {
  const tz = d.timeZone;
  return {
    sheet: 'Activity',
    file: 'registers/activity.csv',
    header: ['Closure id', 'Road', 'Time', 'Action', 'What changed', 'By'],
    rows: d.closures.flatMap((c) =>
      c.activities.map((a) => [c.id, roadOf(c), formatWhen(a.timestamp, tz), actionText(a.action), a.action === 'updated' ? changesText(a.payload, tz) : '', who(a.user)]),
    ),
  };
}

export interface EventTotals extends WorkTotals {
  closures: number;
  deletedClosures: number;
  closedHours: number;
  changedHours: number;
}

export function eventTotals(d: PackData): EventTotals {
  return {
    ...workTotals(d.entries),
    closures: d.closures.length,
    deletedClosures: d.closures.filter((c) => c.deletedAt != null).length,
    closedHours: hoursOf(d.closures.reduce((s, c) => s + c.closedSeconds, 0)),
    changedHours: hoursOf(d.closures.reduce((s, c) => s + c.changedSeconds, 0)),
  };
}

function totalsRegister(d: PackData): Register {
  const t = eventTotals(d);
  const measures = (d.event.measures ?? []).map((m) => DRFA_MEASURES[m as DrfaMeasure] ?? m).join(', ');
  return {
    sheet: 'Totals',
    file: 'registers/totals.csv',
    header: ['Item', 'Value', 'Unit'],
    rows: [
      ['Event', d.event.name, null],
      ['AGRN', d.event.agrn ? `AGRN ${d.event.agrn}` : 'Not declared yet', null],
      ['Days', `${formatDay(d.event.startDay)} to ${d.event.endDay ? formatDay(d.event.endDay) : 'ongoing'}`, null],
      ['Activated measures', measures || 'None recorded', null],
      ['Closures', t.closures, 'closures'],
      ['Closures deleted after they happened', t.deletedClosures, 'closures'],
      ['Time closed', t.closedHours, 'hours'],
      ['Time with changed conditions', t.changedHours, 'hours'],
      ['Labour', t.labourHours, 'hours'],
      ['Plant', t.plantHours, 'hours'],
      ['Traffic control', t.deviceDays, 'device-days'],
      ...t.costs.map((c): Cell[] => [`Costs: ${COST_KINDS[c.kind]}`, c.amountCents / 100, 'AUD']),
      ['Costs: total', t.costCents / 100, 'AUD'],
    ],
  };
}

/** The registers of the pack, in the workbook's sheet order. */
export function claimRegisters(d: PackData): Register[] {
  return [closuresRegister(d), periodsRegister(d, d.generated), worksRegister(d), activityRegister(d), totalsRegister(d)];
}

export const registerCsv = (r: Register) => [r.header, ...r.rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
