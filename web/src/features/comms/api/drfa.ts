// Disaster events for DRFA claims (docs/drfa.md#disaster-events): list, record or edit, tag closures.
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
  version: number;
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

const EVENT = 'id lgaCode name agrn startDay endDay measures closureIds version';

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
