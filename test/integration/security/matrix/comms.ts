// Matrix rows of communications: content tasks (media and communications managers of the council
// with a paying customer), the DRFA evidence export (also closure administrators), embedded-map
// visits (counted for anyone, reported to admins).
import { eventIn, forCell, sharedClosure, taskIn } from './fixtures';
import { ADMIN_ONLY, EVERYONE, STAFF_WITH_ROLE, outcomes, type Row, type Rows } from './types';

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
  'Mutation.recordEmbedVisit': { expected: EVERYONE, document: 'mutation($c: String!) { recordEmbedVisit(lgaCode: $c) }', call: (c) => ({ variables: { c: c.lga } }) },
};
