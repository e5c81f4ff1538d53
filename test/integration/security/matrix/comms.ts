// Matrix rows of communications: content tasks (media and communications managers of the council
// with a paying customer), the DRFA evidence export (also closure administrators), embedded-map
// visits (counted for anyone, reported to admins).
import { closureIn, eventIn, forCell, sharedClosure, taskIn, workEntryIn } from './fixtures';
import { ADMIN_ONLY, EVERYONE, STAFF_WITH_ROLE, outcomes, type Row, type Rows } from './types';

/** A closure of its own per succeeding cell: a first segment record expects none before it. */
const sharedClosureFresh = (lga: string) => closureIn(lga);

/** A draft task per council that read-only cells share. */
const tasks = new Map<string, ReturnType<typeof taskIn>>();
const sharedTask = (lgaCode: string) => tasks.get(lgaCode) ?? tasks.set(lgaCode, taskIn(lgaCode, 'draft')).get(lgaCode)!;

/** The council's evidence exporters, whatever its subscription's state, or an admin. */
export const EVIDENCE_STAFF = outcomes(['staff', 'exCustomer', 'admin'], 'Forbidden', { anonymous: 'Unauthorized' });

const COMMS = { roles: ['media_comms_manager'], expected: STAFF_WITH_ROLE } as const satisfies Partial<Row>;

export const commsRows: Rows = {
  'Query.contentTasks': { ...COMMS, document: 'query($c: String!) { contentTasks(lgaCode: $c) { id } }', call: (c) => ({ variables: { c: c.lga } }) },
  'Query.contentTask': { ...COMMS, document: 'query($id: ID!) { contentTask(id: $id) { id } }', call: async (c) => ({ variables: { id: (await sharedTask(c.lga)).id } }) },
  'Query.embeddedMapVisits': { expected: ADMIN_ONLY, document: 'query { embeddedMapVisits { total } }' },
  'Query.drfaEvidence': {
    roles: ['media_comms_manager', 'closure_administrator'],
    expected: EVIDENCE_STAFF,
    note: 'Claim records are kept 7 years: the staff of a council whose subscription ended still export them.',
    document: 'query($c: String!, $f: AWSTimestamp!, $t: AWSTimestamp!) { drfaEvidence(lgaCode: $c, from: $f, to: $t) { lgaCode } }',
    call: (c) => {
      const now = Math.floor(Date.now() / 1000);
      return { variables: { c: c.lga, f: now - 86_400, t: now + 60 } };
    },
  },
  'Mutation.createContentTask': {
    ...COMMS,
    document: 'mutation($i: ContentTaskInput!) { createContentTask(input: $i) { id } }',
    call: async (c) => ({ variables: { i: { lgaCode: c.lga, name: 'Authorization matrix', closureIds: [(await sharedClosure(c.lga)).id] } } }),
  },
  'Mutation.generateContentTask': {
    ...COMMS,
    document: 'mutation($id: ID!) { generateContentTask(id: $id) { id } }',
    call: async (c) => ({ variables: { id: (await forCell(c, 'generateContentTask', () => taskIn(c.lga, 'draft'))).id } }),
  },
  'Mutation.updateContentPost': {
    ...COMMS,
    document: 'mutation($id: ID!, $c: ID!) { updateContentPost(id: $id, closureId: $c, text: "Edited (matrix)") { id } }',
    call: async (c) => {
      const task = await forCell(c, 'updateContentPost', () => taskIn(c.lga, 'awaiting_approval'));
      return { variables: { id: task.id, c: task.closureId } };
    },
  },
  'Mutation.approveContentTask': {
    ...COMMS,
    document: 'mutation($id: ID!) { approveContentTask(id: $id) { id } }',
    call: async (c) => ({ variables: { id: (await forCell(c, 'approveContentTask', () => taskIn(c.lga, 'awaiting_approval'))).id } }),
  },
  'Query.disasterEvents': {
    roles: ['account_manager', 'closure_administrator', 'media_comms_manager'],
    expected: EVIDENCE_STAFF,
    note: 'Disaster events are claim records: read whatever the subscription state.',
    document: 'query($c: String!) { disasterEvents(lgaCode: $c) { id } }',
    call: (c) => ({ variables: { c: c.lga } }),
  },
  'Mutation.saveDisasterEvent': {
    roles: ['account_manager', 'closure_administrator'],
    expected: EVIDENCE_STAFF,
    note: 'Recording a disaster event needs the role in the council, not a paying customer.',
    document: 'mutation($i: DisasterEventInput!) { saveDisasterEvent(input: $i) { id } }',
    call: (c) => ({ variables: { i: { lgaCode: c.lga, name: `Matrix flood ${c.caller} ${Math.random().toString(36).slice(2, 8)}`, agrn: 'AGRN 1234', startDay: '2026-11-01' } } }),
  },
  'Mutation.tagEventClosures': {
    roles: ['account_manager', 'closure_administrator'],
    expected: EVIDENCE_STAFF,
    document: 'mutation($i: EventTagInput!) { tagEventClosures(input: $i) { id closureIds } }',
    call: async (c) => {
      const event = await forCell(c, 'tagEventClosures', () => eventIn(c.lga));
      return { variables: { i: { eventId: event.id, closureIds: [(await sharedClosure(c.lga)).id] } } };
    },
  },
  'Query.closureWorks': {
    roles: ['account_manager', 'closure_administrator', 'media_comms_manager'],
    expected: EVIDENCE_STAFF,
    note: 'Works and costs are claim records: read whatever the subscription state.',
    document: 'query($c: ID!) { closureWorks(closureId: $c) { closureId entries { id } } }',
    call: async (c) => ({ variables: { c: (await sharedClosure(c.lga)).id } }),
  },
  'Query.claimPack': {
    roles: ['account_manager', 'closure_administrator', 'media_comms_manager'],
    expected: EVIDENCE_STAFF,
    note: 'Claim packs are kept available 7 years: ex-customers still download them.',
    document: 'query($e: ID!) { claimPack(eventId: $e) { fileName url } }',
    call: async (c) => ({ variables: { e: (await forCell(c, 'claimPack', () => eventIn(c.lga))).id } }),
  },
  'Mutation.saveRoadSegment': {
    roles: ['account_manager', 'closure_administrator'],
    expected: EVIDENCE_STAFF,
    document: 'mutation($i: RoadSegmentInput!) { saveRoadSegment(input: $i) { closureId roadSegmentId } }',
    call: async (c) => ({ variables: { i: { closureId: (await forCell(c, 'saveRoadSegment', () => sharedClosureFresh(c.lga))).id, roadSegmentId: 'SEG-0001', chainageStartKm: 1.2, chainageEndKm: 1.45 } } }),
  },
  'Mutation.saveWorkEntry': {
    roles: ['account_manager', 'closure_administrator'],
    expected: EVIDENCE_STAFF,
    document: 'mutation($i: WorkEntryInput!) { saveWorkEntry(input: $i) { id } }',
    call: async (c) => ({
      variables: { i: { closureId: (await sharedClosure(c.lga)).id, id: `matrix-${c.caller}-${Math.random().toString(36).slice(2, 10)}`, kind: 'labour', hours: 2.5, fromDay: '2026-11-02' } },
    }),
  },
  'Mutation.deleteWorkEntry': {
    roles: ['account_manager', 'closure_administrator'],
    expected: EVIDENCE_STAFF,
    document: 'mutation($c: ID!, $id: ID!) { deleteWorkEntry(closureId: $c, id: $id) { id } }',
    call: async (c) => {
      const entry = await forCell(c, 'deleteWorkEntry', () => workEntryIn(c.lga));
      return { variables: { c: entry.closureId, id: entry.id } };
    },
  },
  'Mutation.recordEmbedVisit': { expected: EVERYONE, document: 'mutation($c: String!) { recordEmbedVisit(lgaCode: $c) }', call: (c) => ({ variables: { c: c.lga } }) },
};
