// Shared pieces of the announcements integration tests: the GraphQL documents and a way to start
// from a known Forbes status (open, nothing active).
import { gql, type Auth } from '../../support/api';

export const ANN_FIELDS = 'id lgaCode type title message status unsealedRoadsStatus vehicleRestrictions { enabled maxGVM restrictionMessage } expiresAt createdAt updatedAt notificationSent';
export const UNSEALED_FIELDS = `lgaCode status announcement { ${ANN_FIELDS} }`;

export const A = {
  status: `query($lgaCode: String!) { unsealedRoadsStatus(lgaCode: $lgaCode) { ${UNSEALED_FIELDS} } }`,
  list: `query($lgaCode: String!) { announcements(lgaCode: $lgaCode) { ${ANN_FIELDS} } }`,
  set: `mutation($lgaCode: String!, $input: UnsealedRoadsInput!) { setUnsealedRoadsStatus(lgaCode: $lgaCode, input: $input) { ${UNSEALED_FIELDS} } }`,
  archive: `mutation($id: ID!) { archiveAnnouncement(id: $id) { ${ANN_FIELDS} } }`,
  reactivate: `mutation($id: ID!, $expiresAt: AWSTimestamp) { reactivateAnnouncement(id: $id, expiresAt: $expiresAt) { ${ANN_FIELDS} } }`,
  remove: `mutation($id: ID!) { deleteAnnouncement(id: $id) { ${ANN_FIELDS} } }`,
  onChanged: `subscription($lgaCode: String!) { onAnnouncementChanged(lgaCode: $lgaCode) { ${ANN_FIELDS} } }`,
};

export const now = () => Math.floor(Date.now() / 1000);

export interface Unsealed {
  lgaCode: string;
  status: string;
  announcement: Record<string, any> | null;
}

/** Sets OPEN until nothing is active (other suites may have left announcements behind). */
export async function resetToOpen(lgaCode: string, auth: Auth): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const res = await gql<{ setUnsealedRoadsStatus: Unsealed }>(A.set, { lgaCode, input: { status: 'OPEN' } }, auth);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    const current = await gql<{ unsealedRoadsStatus: Unsealed }>(A.status, { lgaCode });
    if (!current.data!.unsealedRoadsStatus.announcement) return;
  }
  throw new Error(`could not reset ${lgaCode} to open`);
}
