// The communications operations (docs/api.md#communications): content tasks, embedded-map visits
// and the DRFA evidence for the export.
import { gql } from '../../../lib/api';
import { keyedGql } from '../../../lib/keyed-write';
import { CLOSURE_FIELDS, type MapClosure } from '../../map/api/closure-fields';

export type TaskStatus = 'error' | 'draft' | 'generating' | 'awaiting_approval' | 'approved';

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  error: 'Error',
  draft: 'Draft',
  generating: 'Generating',
  awaiting_approval: 'Awaiting Approval',
  approved: 'Approved',
};

/** Spec §9: at most 26 closures per task. */
export const MAX_TASK_CLOSURES = 26;

export interface ContentPost {
  closureId: string;
  text: string;
}

export interface ContentTask {
  id: string;
  lgaCode: string;
  name: string;
  status: TaskStatus;
  closureIds: string[];
  posts: ContentPost[];
  error: string | null;
  created: number;
  initiated: number | null;
  completed: number | null;
  approved: number | null;
  closures?: MapClosure[] | null;
}

const TASK = `id lgaCode name status closureIds posts { closureId text } error created initiated completed approved`;

export const tasksKey = (lgaCode: string | null) => ['comms', 'tasks', lgaCode] as const;
export const taskKey = (id: string) => ['comms', 'task', id] as const;

export async function listTasks(lgaCode: string): Promise<ContentTask[]> {
  return (await gql<{ contentTasks: ContentTask[] }>(`query($lgaCode: String!) { contentTasks(lgaCode: $lgaCode) { ${TASK} } }`, { lgaCode })).contentTasks;
}

export async function getTask(id: string): Promise<ContentTask | null> {
  return (await gql<{ contentTask: ContentTask | null }>(`query($id: ID!) { contentTask(id: $id) { ${TASK} closures { ${CLOSURE_FIELDS} } } }`, { id })).contentTask;
}

export async function createTask(input: { lgaCode: string; name: string; closureIds: string[] }): Promise<ContentTask> {
  return (await keyedGql<{ createContentTask: ContentTask }>(`mutation($input: ContentTaskInput!, $idempotencyKey: String) { createContentTask(input: $input, idempotencyKey: $idempotencyKey) { ${TASK} } }`, { input })).createContentTask;
}

export async function generateTask(id: string): Promise<ContentTask> {
  return (await gql<{ generateContentTask: ContentTask }>(`mutation($id: ID!) { generateContentTask(id: $id) { ${TASK} } }`, { id })).generateContentTask;
}

export async function updatePost(id: string, closureId: string, text: string): Promise<ContentTask> {
  return (
    await gql<{ updateContentPost: ContentTask }>(
      `mutation($id: ID!, $closureId: ID!, $text: String!) { updateContentPost(id: $id, closureId: $closureId, text: $text) { ${TASK} } }`,
      { id, closureId, text },
    )
  ).updateContentPost;
}

export async function approveTask(id: string): Promise<ContentTask> {
  return (await gql<{ approveContentTask: ContentTask }>(`mutation($id: ID!) { approveContentTask(id: $id) { ${TASK} } }`, { id })).approveContentTask;
}

export async function recordEmbedVisit(lgaCode: string): Promise<number> {
  return (await gql<{ recordEmbedVisit: number }>(`mutation($lgaCode: String!) { recordEmbedVisit(lgaCode: $lgaCode) }`, { lgaCode }, { authMode: 'apiKey' })).recordEmbedVisit;
}

export interface EmbedVisits {
  total: number;
  lgas: Array<{ lgaCode: string; lgaName: string | null; count: number }>;
  daily: Array<{ date: string; count: number }>;
}

export async function getEmbedVisits(): Promise<EmbedVisits> {
  return (await gql<{ embeddedMapVisits: EmbedVisits }>(`{ embeddedMapVisits { total lgas { lgaCode lgaName count } daily { date count } } }`)).embeddedMapVisits;
}

export interface EvidencePeriod {
  condition: 'closed' | 'changed';
  from: number;
  until: number | null;
}

export interface EvidenceClosure {
  id: string;
  type: { value: string; text: string };
  condition: string;
  road: string | null;
  locality: string | null;
  formattedAddress: string | null;
  reason: string | null;
  detour: string | null;
  firstClosed: number;
  reopened: number | null;
  closedUntil: number | null;
  periods: EvidencePeriod[];
  closedSeconds: number;
  changedSeconds: number;
  durationSeconds: number;
  deletedAt: number | null;
  start: { lat: number; lng: number } | null;
  end: { lat: number; lng: number } | null;
  lengthMetres: number;
  /** The drawn lines, a GeoJSON MultiLineString as JSON text. */
  geometry: string;
  /** The council's own road segment id and chainage (km), where staff entered them. */
  roadSegmentId?: string | null;
  chainageStartKm?: number | null;
  chainageEndKm?: number | null;
  activities: Array<{ action: string; timestamp: number; user: { email: string | null; displayName: string | null }; payload: string | null }>;
  photos: Array<{ id: string; thumbnailUrl: string | null; url: string }>;
}

export interface Evidence {
  lgaCode: string;
  lgaName: string | null;
  from: number;
  to: number;
  generated: number;
  /** The council's time zone: the range's days and every time shown are read in it. */
  timeZone: string;
  event: { id: string; name: string; agrn: string | null; startDay: string; endDay: string | null; measures: string[] } | null;
  closures: EvidenceClosure[];
}

/**
 * The closures in effect during the council's days fromDay..toDay (yyyy-mm-dd, its time zone), or
 * with an event and no days, every closure tagged to the event.
 */
export async function getEvidence(lgaCode: string, fromDay: string | null, toDay: string | null, eventId?: string): Promise<Evidence> {
  return (
    await gql<{ drfaEvidence: Evidence }>(
      `query($lgaCode: String!, $fromDay: AWSDate, $toDay: AWSDate, $eventId: ID) { drfaEvidence(lgaCode: $lgaCode, fromDay: $fromDay, toDay: $toDay, eventId: $eventId) {
        lgaCode lgaName from to generated timeZone event { id name agrn startDay endDay measures }
        closures { id type { value text } condition road locality formattedAddress reason detour firstClosed reopened closedUntil
          periods { condition from until } closedSeconds changedSeconds durationSeconds deletedAt start { lat lng } end { lat lng } lengthMetres geometry roadSegmentId chainageStartKm chainageEndKm
          activities { action timestamp user { email displayName } payload } photos { id thumbnailUrl url } } } }`,
      { lgaCode, fromDay, toDay, eventId: eventId ?? null },
    )
  ).drfaEvidence;
}
