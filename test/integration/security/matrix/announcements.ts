// Matrix rows of announcements and unsealed roads: public to read; announcement managers of the
// council (paying customer) or admins change them. They act on the matrix's own councils, and the
// changing rows take turns (the 'announcements' lock): a council has one current unsealed-roads
// status, and setting a new one replaces it, so each cell makes its announcement just before it calls.
import { MATRIX_ACTIVE, MATRIX_CANCELED } from './callers';
import { announcementIn } from './fixtures';
import { EVERYONE, IAM_ONLY, STAFF_WITH_ROLE, type Row, type Rows } from './types';

const COUNCILS = { home: MATRIX_ACTIVE, exHome: MATRIX_CANCELED } as const;
const MANAGERS = { ...COUNCILS, roles: ['announcement_manager'], expected: STAFF_WITH_ROLE, lock: 'announcements' } as const satisfies Partial<Row>;

export const announcementRows: Rows = {
  'Query.announcements': { ...COUNCILS, expected: EVERYONE, document: 'query($c: String!) { announcements(lgaCode: $c) { id } }', call: (c) => ({ variables: { c: c.lga } }), note: 'public: active ones; managers see archived too' },
  'Query.unsealedRoadsStatus': { ...COUNCILS, expected: EVERYONE, document: 'query($c: String!) { unsealedRoadsStatus(lgaCode: $c) { status } }', call: (c) => ({ variables: { c: c.lga } }) },
  'Mutation.setUnsealedRoadsStatus': {
    ...MANAGERS,
    document: 'mutation($c: String!) { setUnsealedRoadsStatus(lgaCode: $c, input: { status: CLOSED, message: "Authorization matrix" }) { status } }',
    call: (c) => ({ variables: { c: c.lga } }),
  },
  'Mutation.archiveAnnouncement': { ...MANAGERS, document: 'mutation($id: ID!) { archiveAnnouncement(id: $id) { id } }', call: async (c) => ({ variables: { id: await announcementIn(c.lga) } }) },
  'Mutation.reactivateAnnouncement': {
    ...MANAGERS,
    document: 'mutation($id: ID!, $e: AWSTimestamp) { reactivateAnnouncement(id: $id, expiresAt: $e) { id } }',
    call: async (c) => ({ variables: { id: await announcementIn(c.lga, true), e: Math.floor(Date.now() / 1000) + 7200 } }),
  },
  'Mutation.deleteAnnouncement': { ...MANAGERS, document: 'mutation($id: ID!) { deleteAnnouncement(id: $id) { id } }', call: async (c) => ({ variables: { id: await announcementIn(c.lga) } }) },
  'Mutation.publishAnnouncementChange': {
    expected: IAM_ONLY,
    document: 'mutation($i: AnnouncementChangeInput!) { publishAnnouncementChange(input: $i) { id } }',
    call: (c) => ({ variables: { i: { id: 'matrix', lgaCode: c.lga, type: 'unsealed_roads', title: 'x', status: 'active', createdAt: 1, updatedAt: 1, notificationSent: false } } }),
    note: 'IAM only: the event consumer',
  },
  'Subscription.onAnnouncementChanged': { ...COUNCILS, expected: EVERYONE, document: 'subscription($c: String!) { onAnnouncementChanged(lgaCode: $c) { id } }', call: (c) => ({ variables: { c: c.lga } }) },
};
