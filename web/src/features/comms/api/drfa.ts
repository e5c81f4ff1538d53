// Disaster events for DRFA claims (docs/drfa.md#disaster-events): list, record or edit, tag closures,
// download the claim pack.
import { gql } from '../../../lib/api';

export const DRFA_MEASURES: Array<[string, string]> = [
  ['counter_disaster_operations', 'Counter-disaster operations'],
  ['emergency_works', 'Emergency works'],
  ['immediate_reconstruction', 'Immediate reconstruction works'],
  ['reconstruction', 'Reconstruction of essential public assets'],
];

export interface DisasterEvent {
  id: string;
  lgaCode: string;
  name: string;
  agrn: string | null;
  startDay: string;
  endDay: string | null;
  measures: string[];
  closureIds: string[];
  /** The works and costs entered against its closures. */
  totals: EventTotals;
  version: number;
}

export interface EventTotals {
  labourHours: number;
  plantHours: number;
  deviceDays: number;
  costCents: number;
  costs: { kind: string; amountCents: number }[];
  entries: number;
}

export interface ClaimPack {
  fileName: string;
  url: string;
  bytes: number;
  closures: number;
  deletedClosures: number;
}

export interface DisasterEventInput {
  id?: string;
  lgaCode: string;
  name: string;
  agrn?: string | null;
  startDay: string;
  endDay?: string | null;
  measures: string[];
  version?: number;
}

const EVENT = 'id lgaCode name agrn startDay endDay measures closureIds totals { labourHours plantHours deviceDays costCents costs { kind amountCents } entries } version';

export async function listEvents(lgaCode: string): Promise<DisasterEvent[]> {
  return (await gql<{ disasterEvents: DisasterEvent[] }>(`query($lgaCode: String!) { disasterEvents(lgaCode: $lgaCode) { ${EVENT} } }`, { lgaCode })).disasterEvents;
}

export async function saveEvent(input: DisasterEventInput): Promise<DisasterEvent> {
  return (await gql<{ saveDisasterEvent: DisasterEvent }>(`mutation($input: DisasterEventInput!) { saveDisasterEvent(input: $input) { ${EVENT} } }`, { input })).saveDisasterEvent;
}

export interface EventTag {
  eventId: string;
  closureIds?: string[];
  /** Every closure of the council in effect during the days (the whole council's area). */
  area?: { west: number; south: number; east: number; north: number };
  fromDay?: string;
  toDay?: string;
  remove?: boolean;
}

export async function tagClosures(input: EventTag): Promise<DisasterEvent> {
  return (await gql<{ tagEventClosures: DisasterEvent }>(`mutation($input: EventTagInput!) { tagEventClosures(input: $input) { ${EVENT} } }`, { input })).tagEventClosures;
}

/** All of Australia: with the event's days, every closure of the council in effect then. */
export const WHOLE_COUNCIL = { west: 112, south: -44, east: 154, north: -10 };

/** Builds the event's claim pack on the server; its link downloads the zip for an hour. */
export async function claimPack(eventId: string): Promise<ClaimPack> {
  return (await gql<{ claimPack: ClaimPack }>(`query($e: ID!) { claimPack(eventId: $e) { fileName url bytes closures deletedClosures } }`, { e: eventId })).claimPack;
}
