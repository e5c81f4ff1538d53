// Matrix rows of incident reports: residents report and retract their own; moderators (a
// submission moderator, closure administrator or account manager of the LGA, with a paying
// customer) work through reports and clusters. Each cell gets its own report at its own spot.
import { placedAt } from '../../reports/support';
import { forCell, reportIn, spotIn } from './fixtures';
import { EVERYONE, MODERATOR_ROLES, SIGNED_IN, STAFF_WITH_ROLE, outcomes, type Cell, type Row, type Rows } from './types';

const MODERATORS = { roles: MODERATOR_ROLES, expected: STAFF_WITH_ROLE } as const satisfies Partial<Row>;
/** In the resident's cell the resident wrote the report; in the others someone else did. */
const reportFor = (c: Cell, name: string) =>
  c.caller === 'resident' ? reportIn(c.lga, c.user) : forCell(c, name, () => reportIn(c.lga));
const byReport = (name: string) => (c: Cell) => reportFor(c, name).then((r) => ({ variables: { id: r.id } }));
const byCluster = (name: string) => (c: Cell) => reportFor(c, name).then((r) => ({ variables: { id: r.clusterId } }));
/** Approvals carry the line the moderator placed: the cells' spots lie off the road graph. */
const placed = (name: string, id: (r: { id: string; clusterId: string }) => string) => (c: Cell) =>
  reportFor(c, name).then((r) => ({ variables: { id: id(r), regions: placedAt(r.position) } }));

export const reportRows: Rows = {
  'Query.myReports': { expected: SIGNED_IN, document: 'query { myReports { id } }' },
  'Query.report': {
    roles: MODERATOR_ROLES,
    expected: outcomes(['resident', 'staff', 'exCustomer', 'admin'], 'Forbidden', { anonymous: 'Unauthorized' }),
    document: 'query($id: ID!) { report(id: $id) { id } }',
    call: byReport('report'),
    note: "the author (the resident's cell), moderators of its LGA whatever the subscription, admins",
  },
  'Query.reportsByLga': { ...MODERATORS, document: 'query($c: String!) { reportsByLga(lgaCode: $c) { id } }', call: (c) => ({ variables: { c: c.lga } }) },
  'Query.reportClusters': { ...MODERATORS, document: 'query($c: String!) { reportClusters(lgaCode: $c) { id } }', call: (c) => ({ variables: { c: c.lga } }) },
  'Query.reportCluster': { ...MODERATORS, document: 'query($id: ID!) { reportCluster(id: $id) { id } }', call: byCluster('reportCluster') },
  'Query.pendingClustersCard': { ...MODERATORS, document: 'query($c: String!) { pendingClustersCard(lgaCode: $c) { count } }', call: (c) => ({ variables: { c: c.lga } }) },
  'Query.nearbyForReport': {
    expected: EVERYONE,
    document: 'query($p: CoordinateInput!) { nearbyForReport(position: $p) { clusters { id } } }',
    call: () => ({ variables: { p: { lat: -33.5, lng: 148.1 } } }),
  },
  'Mutation.submitReport': {
    expected: SIGNED_IN,
    document: 'mutation($i: ReportInput!) { submitReport(input: $i) { id } }',
    call: (c) => ({ variables: { i: { type: 'other', position: spotIn(c.lga), description: 'Authorization matrix' } } }),
  },
  'Mutation.retractReport': {
    expected: outcomes(['resident'], 'Forbidden', { anonymous: 'Unauthorized' }),
    document: 'mutation($id: ID!) { retractReport(id: $id) { id } }',
    call: byReport('retractReport'),
    note: 'the author only (the resident wrote the report of their cell)',
  },
  'Mutation.approveReport': {
    ...MODERATORS,
    document: 'mutation($id: ID!, $regions: [RegionInput!]) { approveReport(id: $id, regions: $regions) { id } }',
    call: placed('approveReport', (r) => r.id),
  },
  'Mutation.denyReport': { ...MODERATORS, document: 'mutation($id: ID!) { denyReport(id: $id, reason: "Not a road") { id } }', call: byReport('denyReport') },
  'Mutation.approveCluster': {
    ...MODERATORS,
    document: 'mutation($id: ID!, $regions: [RegionInput!]) { approveCluster(id: $id, regions: $regions) { id } }',
    call: placed('approveCluster', (r) => r.clusterId),
  },
  'Mutation.rejectCluster': { ...MODERATORS, document: 'mutation($id: ID!) { rejectCluster(id: $id, reason: "Duplicate") { id } }', call: byCluster('rejectCluster') },
  'Mutation.updateCluster': {
    ...MODERATORS,
    document: 'mutation($id: ID!, $i: ReportClusterInput!) { updateCluster(id: $id, input: $i) { id } }',
    call: async (c) => {
      const r = await reportFor(c, 'updateCluster');
      return { variables: { id: r.clusterId, i: { radius: 300, center: { lat: r.position.lat + 0.0001, lng: r.position.lng } } } };
    },
  },
};
