// Works and costs of a closure for DRFA claims (docs/drfa.md#works-and-costs): the council's road
// segment and chainage, and traffic control, labour, plant and cost entries.
import { gql } from '../../../lib/api';

export type WorkKind = 'traffic_control' | 'labour' | 'plant' | 'cost';

export const WORK_KINDS: Array<[WorkKind, string]> = [
  ['traffic_control', 'Traffic control'],
  ['labour', 'Labour'],
  ['plant', 'Plant'],
  ['cost', 'Cost'],
];

export const COST_KINDS: Array<[string, string]> = [
  ['contractor', 'Contractor'],
  ['materials', 'Materials'],
  ['plant_hire', 'Plant hire'],
  ['traffic_control', 'Traffic control'],
  ['wages', 'Wages'],
  ['other', 'Other'],
];

export interface Person {
  uid: string;
  email: string | null;
  displayName: string | null;
}

export interface WorkEntry {
  id: string;
  closureId: string;
  kind: WorkKind;
  description: string | null;
  devices: number | null;
  fromDay: string | null;
  toDay: string | null;
  hours: number | null;
  amountCents: number | null;
  costKind: string | null;
  reference: string | null;
  enteredBy: Person;
  enteredAt: number;
  updatedBy: Person | null;
  updatedAt: number;
  version: number;
}

export interface WorkTotals {
  labourHours: number;
  plantHours: number;
  deviceDays: number;
  costCents: number;
  costs: { kind: string; amountCents: number }[];
  entries: number;
}

export interface ClosureWorks {
  closureId: string;
  lgaCode: string;
  roadSegmentId: string | null;
  chainageStartKm: number | null;
  chainageEndKm: number | null;
  segmentVersion: number | null;
  entries: WorkEntry[];
  totals: WorkTotals;
}

export interface WorkEntryInput {
  closureId: string;
  id: string;
  kind: WorkKind;
  description?: string | null;
  devices?: number | null;
  fromDay?: string | null;
  toDay?: string | null;
  hours?: number | null;
  amountCents?: number | null;
  costKind?: string | null;
  reference?: string | null;
  version?: number | null;
}

const PERSON = 'uid email displayName';
export const TOTALS = 'labourHours plantHours deviceDays costCents costs { kind amountCents } entries';
const ENTRY = `id closureId kind description devices fromDay toDay hours amountCents costKind reference enteredBy { ${PERSON} } enteredAt updatedBy { ${PERSON} } updatedAt version`;
const WORKS = `closureId lgaCode roadSegmentId chainageStartKm chainageEndKm segmentVersion entries { ${ENTRY} } totals { ${TOTALS} }`;

export const worksKey = (closureId: string) => ['closures', 'works', closureId];

export async function getClosureWorks(closureId: string): Promise<ClosureWorks> {
  return (await gql<{ closureWorks: ClosureWorks }>(`query($c: ID!) { closureWorks(closureId: $c) { ${WORKS} } }`, { c: closureId })).closureWorks;
}

export async function saveRoadSegment(input: { closureId: string; roadSegmentId: string | null; chainageStartKm: number | null; chainageEndKm: number | null; version: number | null }): Promise<ClosureWorks> {
  return (await gql<{ saveRoadSegment: ClosureWorks }>(`mutation($i: RoadSegmentInput!) { saveRoadSegment(input: $i) { ${WORKS} } }`, { i: input })).saveRoadSegment;
}

export async function saveWorkEntry(input: WorkEntryInput): Promise<WorkEntry> {
  return (await gql<{ saveWorkEntry: WorkEntry }>(`mutation($i: WorkEntryInput!) { saveWorkEntry(input: $i) { ${ENTRY} } }`, { i: input })).saveWorkEntry;
}

export async function deleteWorkEntry(closureId: string, id: string): Promise<WorkEntry> {
  return (await gql<{ deleteWorkEntry: WorkEntry }>(`mutation($c: ID!, $id: ID!) { deleteWorkEntry(closureId: $c, id: $id) { id } }`, { c: closureId, id })).deleteWorkEntry;
}

/** "$1,234.50" */
export const formatCents = (cents: number) => `$${(cents / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** "20/11/2026" for a stored day. */
export const formatDay = (day: string | null) => (day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '');

/** Checks the chainage as the server does, so the form says what is wrong before saving. */
export function chainageProblems(start: string, end: string): { start?: string; end?: string } {
  const parse = (v: string) => (v.trim() === '' ? null : Number(v));
  const s = parse(start);
  const e = parse(end);
  const one = (v: number | null): string | undefined => {
    if (v === null) return undefined;
    if (!Number.isFinite(v)) return 'Chainage is a number of kilometres, e.g. 12.350';
    if (v < 0) return 'Chainage cannot be negative';
    if (Math.abs(v * 1000 - Math.round(v * 1000)) > 1e-6) return 'Chainage is kept to the metre: at most three decimals, e.g. 12.350';
    return undefined;
  };
  const problems = { start: one(s), end: one(e) };
  if (!problems.start && !problems.end) {
    if ((s === null) !== (e === null)) return s === null ? { start: 'Give both the start and end chainage, or neither' } : { end: 'Give both the start and end chainage, or neither' };
    if (s !== null && e !== null && e < s) return { end: 'The end chainage cannot be before the start chainage' };
  }
  return problems;
}
