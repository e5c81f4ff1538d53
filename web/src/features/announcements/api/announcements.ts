// The announcements API through the Amplify client: an LGA's unsealed-roads status (public), its
// announcements, the announcement managers' changes and the live onAnnouncementChanged feed.
import { liveSubscription } from '../../../lib/amplify';
import { currentAuthMode, gql } from '../../../lib/api';
import { keyedGql } from '../../../lib/keyed-write';

export type UnsealedStatus = 'open' | 'closed' | 'restricted';

export interface VehicleRestrictions {
  enabled: boolean;
  maxGVM: number | null;
  restrictionMessage: string | null;
}

export interface Announcement {
  id: string;
  lgaCode: string;
  type: string;
  title: string;
  message: string | null;
  status: 'active' | 'archived' | 'deleted';
  unsealedRoadsStatus: UnsealedStatus | null;
  vehicleRestrictions: VehicleRestrictions | null;
  expiresAt: number | null;
  createdAt: number;
  updatedAt: number;
  notificationSent: boolean;
}

export interface UnsealedRoads {
  lgaCode: string;
  status: UnsealedStatus;
  announcement: Announcement | null;
}

export interface UnsealedRoadsInput {
  status: 'OPEN' | 'CLOSED' | 'RESTRICTED';
  message?: string | null;
  vehicleRestrictions?: { enabled: boolean; maxGVM?: number | null } | null;
  expiresAt?: number | null;
}

export const ANNOUNCEMENT_FIELDS =
  'id lgaCode type title message status unsealedRoadsStatus vehicleRestrictions { enabled maxGVM restrictionMessage } expiresAt createdAt updatedAt notificationSent';
const UNSEALED_FIELDS = `lgaCode status announcement { ${ANNOUNCEMENT_FIELDS} }`;

export async function fetchUnsealedRoads(lgaCode: string): Promise<UnsealedRoads> {
  const data = await gql<{ unsealedRoadsStatus: UnsealedRoads }>(
    `query UnsealedRoadsStatus($lgaCode: String!) { unsealedRoadsStatus(lgaCode: $lgaCode) { ${UNSEALED_FIELDS} } }`,
    { lgaCode },
  );
  return data.unsealedRoadsStatus;
}

export async function fetchAnnouncements(lgaCode: string): Promise<Announcement[]> {
  const data = await gql<{ announcements: Announcement[] }>(
    `query Announcements($lgaCode: String!) { announcements(lgaCode: $lgaCode) { ${ANNOUNCEMENT_FIELDS} } }`,
    { lgaCode },
  );
  return data.announcements;
}

export async function setUnsealedRoadsStatus(lgaCode: string, input: UnsealedRoadsInput): Promise<UnsealedRoads> {
  const data = await keyedGql<{ setUnsealedRoadsStatus: UnsealedRoads }>(
    `mutation SetUnsealedRoadsStatus($lgaCode: String!, $input: UnsealedRoadsInput!, $idempotencyKey: String) { setUnsealedRoadsStatus(lgaCode: $lgaCode, input: $input, idempotencyKey: $idempotencyKey) { ${UNSEALED_FIELDS} } }`,
    { lgaCode, input },
  );
  return data.setUnsealedRoadsStatus;
}

export async function archiveAnnouncement(id: string): Promise<Announcement> {
  return (await gql<{ archiveAnnouncement: Announcement }>(`mutation ArchiveAnnouncement($id: ID!) { archiveAnnouncement(id: $id) { ${ANNOUNCEMENT_FIELDS} } }`, { id }))
    .archiveAnnouncement;
}

export async function reactivateAnnouncement(id: string, expiresAt: number | null): Promise<Announcement> {
  return (
    await gql<{ reactivateAnnouncement: Announcement }>(
      `mutation ReactivateAnnouncement($id: ID!, $expiresAt: AWSTimestamp) { reactivateAnnouncement(id: $id, expiresAt: $expiresAt) { ${ANNOUNCEMENT_FIELDS} } }`,
      { id, expiresAt },
    )
  ).reactivateAnnouncement;
}

export async function deleteAnnouncement(id: string): Promise<Announcement> {
  return (await gql<{ deleteAnnouncement: Announcement }>(`mutation DeleteAnnouncement($id: ID!) { deleteAnnouncement(id: $id) { ${ANNOUNCEMENT_FIELDS} } }`, { id }))
    .deleteAnnouncement;
}

const ON_CHANGED = `subscription OnAnnouncementChanged($lgaCode: String!) { onAnnouncementChanged(lgaCode: $lgaCode) { ${ANNOUNCEMENT_FIELDS} } }`;

/** The LGA's announcement changes as they happen; returns the unsubscribe function. */
export function subscribeToAnnouncementChanges(lgaCode: string, onChange: (a: Announcement) => void, onError: (error: unknown) => void = () => undefined): () => void {
  return liveSubscription<Announcement>(
    { query: ON_CHANGED, variables: { lgaCode }, authMode: currentAuthMode(), field: 'onAnnouncementChanged' },
    onChange,
    onError,
  );
}
