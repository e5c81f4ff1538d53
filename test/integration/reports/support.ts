// Shared pieces of the reports integration tests: the seven callers of the authorization matrix
// (docs/security.md#threat-model-who-can-do-what) for report moderation, fresh residents (the
// hourly limit is per user), places in Forbes and Weddin, and the GraphQL documents.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { ensureCognitoUser } from '../../../local/cognito';
import { DEMO_PASSWORD, gql, signIn, useStackTable, type Auth } from '../../support/api';

export const FORBES = '12900';
export const PARKES = '16200';
/** Its customer is cancelled: its moderators are ex-customers. */
export const WEDDIN = '18100';

export const REPORT_FIELDS = `id status lgaCode type { value text } description position { lat lng } formattedAddress
  clusterId closureId reason councilUsesApp mine mediaIds activity { what when why who { uid displayName } } createdAt updatedAt`;
export const CLUSTER_FIELDS = `id lgaCode status type { value text } center { lat lng } radius reportIds reportCount closureId reason mediaIds updatedAt`;

export const SUBMIT = `mutation($input: ReportInput!) { submitReport(input: $input) { ${REPORT_FIELDS} } }`;
export const MY_REPORTS = `query { myReports { ${REPORT_FIELDS} } }`;
export const REPORT = `query($id: ID!) { report(id: $id) { ${REPORT_FIELDS} } }`;
export const RETRACT = `mutation($id: ID!) { retractReport(id: $id) { ${REPORT_FIELDS} } }`;
export const APPROVE_REPORT = `mutation($id: ID!, $regions: [RegionInput!]) { approveReport(id: $id, regions: $regions) { ${REPORT_FIELDS} } }`;
export const DENY_REPORT = `mutation($id: ID!, $reason: String!) { denyReport(id: $id, reason: $reason) { ${REPORT_FIELDS} } }`;
export const CLUSTERS = `query($lgaCode: String!, $status: ReportClusterStatus) { reportClusters(lgaCode: $lgaCode, status: $status) { ${CLUSTER_FIELDS} reports { id status description media { id } } } }`;
export const CLUSTER = `query($id: ID!) { reportCluster(id: $id) { ${CLUSTER_FIELDS} reports { id status description } } }`;
export const APPROVE_CLUSTER = `mutation($id: ID!, $regions: [RegionInput!]) { approveCluster(id: $id, regions: $regions) { ${CLUSTER_FIELDS} } }`;
export const REJECT_CLUSTER = `mutation($id: ID!, $reason: String!) { rejectCluster(id: $id, reason: $reason) { ${CLUSTER_FIELDS} } }`;
export const UPDATE_CLUSTER = `mutation($id: ID!, $input: ReportClusterInput!) { updateCluster(id: $id, input: $input) { ${CLUSTER_FIELDS} } }`;
export const CARD = `query($lgaCode: String!) { pendingClustersCard(lgaCode: $lgaCode) { lgaCode count items { id reportCount } } }`;
export const BY_LGA = `query($lgaCode: String!, $status: ReportStatusFilter) { reportsByLga(lgaCode: $lgaCode, status: $status) { id status } }`;
export const NEARBY = `query($position: CoordinateInput!, $type: String) { nearbyForReport(position: $position, type: $type) { closures { id type { value } } clusters { id reportCount distance type { value } } } }`;
export const IN_BOUNDS = `query($bounds: BoundsInput!) { closuresInBounds(bounds: $bounds) { id lgaCode type { value } regions { geometry } } }`;

/** On the Newell Highway south-west of Forbes (on the road graph). */
export const NEWELL_POINT = { lat: -33.416541, lng: 147.944298 };

/**
 * A place in Forbes no other test uses: clusters join by place and type, so each test gets its
 * own spot on a grid 0.02° apart (about 2 km, well beyond any cluster radius). Test files run one
 * after another on one fresh stack, so each file takes its own block of the grid.
 */
let slot = 0;
let base = 0;
export function useSpotBlock(block: number): void {
  base = block * 110;
  slot = 0;
}
export function forbesSpot(): { lat: number; lng: number } {
  const n = base + slot++;
  if (n >= 330) throw new Error('out of Forbes grid spots');
  // 16 rows × 21 columns, all inside the Forbes boundary (checked against the LGA polygons).
  return { lat: -33.26 - (n % 16) * 0.02, lng: 147.55 + Math.floor(n / 16) * 0.02 };
}

export function weddinSpot(): { lat: number; lng: number } {
  return { lat: -33.87 - Math.random() * 0.02, lng: 148.0 + Math.random() * 0.02 };
}

/**
 * The line a moderator places before approving: the grid's spots lie off the road graph, where
 * nothing is proposed, so a short line drawn by hand through the spot (about 55 m, east–west).
 */
export function placedAt(p: { lat: number; lng: number }) {
  const coordinates = [[p.lng - 0.0003, p.lat], [p.lng + 0.0003, p.lat]];
  return [{ geometry: JSON.stringify({ type: 'LineString', coordinates }), drawnByHand: true }];
}

/** Metres → degrees of latitude, to place a second report nearby. */
export const north = (p: { lat: number; lng: number }, metres: number) => ({ lat: p.lat + metres / 111_120, lng: p.lng });

export type Role = 'anonymous' | 'resident' | 'staffNoRole' | 'staff' | 'otherLgaStaff' | 'exCustomer' | 'admin';
export const ROLES: Role[] = ['anonymous', 'resident', 'staffNoRole', 'staff', 'otherLgaStaff', 'exCustomer', 'admin'];

export interface Callers {
  auth: Record<Role, Auth>;
  uid: Partial<Record<Role, string>>;
}

async function ensureUser(email: string, groups: string[]): Promise<string> {
  const stack = inject('stack');
  const { sub } = await ensureCognitoUser(stack.ports.cognitoInternal, stack.userPoolId, {
    email,
    name: email.split('@')[0],
    password: DEMO_PASSWORD,
    groups,
  });
  const { createProfile } = await import('../../../lambdas/adapters/identity/principal');
  await createProfile(sub, email);
  return sub;
}

export async function ensureStaff(email: string, lgaCode: string, roles: string[]): Promise<string> {
  const sub = await ensureUser(email, ['staff']);
  const { db } = await import('../../../lambdas/adapters/db/db');
  await db().entities.manager.put({ lgaCode, email, roles: roles as never, addedBy: 'test' }).go();
  return sub;
}

/** A resident of its own (the hourly report limit is per user). */
export async function newResident(): Promise<{ auth: Auth; uid: string; email: string }> {
  useStackTable();
  const email = `resident-${randomUUID().slice(0, 8)}@example.com`;
  const uid = await ensureUser(email, []);
  const { accessToken } = await signIn(email);
  return { auth: { token: accessToken }, uid, email };
}

let callers: Promise<Callers> | undefined;

/** The seven callers, once per test file. "staff" holds submission_moderator only. */
export function matrixCallers(): Promise<Callers> {
  callers ??= (async () => {
    useStackTable();
    const { db } = await import('../../../lambdas/adapters/db/db');
    await db().entities.customer.put({ lgaCode: WEDDIN, subscriptionStatus: 'canceled' }).go();
    const suffix = randomUUID().slice(0, 8);
    const emails = {
      staffNoRole: `comms-${suffix}@forbes.example`,
      staff: `moderator-${suffix}@forbes.example`,
      otherLgaStaff: `moderator-${suffix}@parkes.example`,
      exCustomer: `moderator-${suffix}@weddin.example`,
    };
    const resident = await newResident();
    const uid: Callers['uid'] = {
      resident: resident.uid,
      staffNoRole: await ensureStaff(emails.staffNoRole, FORBES, ['media_comms_manager', 'announcement_manager']),
      staff: await ensureStaff(emails.staff, FORBES, ['submission_moderator']),
      otherLgaStaff: await ensureStaff(emails.otherLgaStaff, PARKES, ['submission_moderator', 'closure_administrator']),
      exCustomer: await ensureStaff(emails.exCustomer, WEDDIN, ['submission_moderator']),
    };
    const [admin, staffNoRole, staff, otherLgaStaff, exCustomer] = await Promise.all([
      signIn('admin@example.com'),
      signIn(emails.staffNoRole),
      signIn(emails.staff),
      signIn(emails.otherLgaStaff),
      signIn(emails.exCustomer),
    ]);
    return {
      uid,
      auth: {
        anonymous: { apiKey: true },
        resident: resident.auth,
        staffNoRole: { token: staffNoRole.accessToken },
        staff: { token: staff.accessToken },
        otherLgaStaff: { token: otherLgaStaff.accessToken },
        exCustomer: { token: exCustomer.accessToken },
        admin: { token: admin.accessToken },
      },
    };
  })();
  return callers;
}

export async function submit(auth: Auth, input: Record<string, unknown>) {
  const res = await gql<{ submitReport: any }>(SUBMIT, { input: { type: 'flood', ...input } }, auth);
  if (res.errors) throw new Error(`submitReport failed: ${JSON.stringify(res.errors)}`);
  return res.data!.submitReport;
}

/** An uploaded photo of the caller (the item; the presigned POST is not needed by the API). */
export async function upload(auth: Auth): Promise<string> {
  const res = await gql<{ createMediaUpload: any }>(
    `mutation($i: MediaUploadInput!) { createMediaUpload(input: $i) { media { id } url fields } }`,
    { i: { contentType: 'image/jpeg', size: 2000 } },
    auth,
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.createMediaUpload.media.id;
}

export const errorOf = (res: { errors?: { errorType?: string; message: string }[] }) => res.errors?.[0];
