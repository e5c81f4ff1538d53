// The staff closure screens' side of the closures API (lib/schema.graphql, docs/api.md#closures-and-media).
// Mutations select every field the list, the detail page and onClosureChanged subscribers use.
import { gql } from '../../../lib/api';
import { keyedGql } from '../../../lib/keyed-write';
import { CLOSURE_FIELDS } from '../../map/api/closure-fields';

export type ClosureViewEnum =
  | 'ACTIVE' | 'ARCHIVED' | 'SCHEDULED' | 'DELETED'
  | 'RECENTLY_OPENED' | 'REOPENING_SCHEDULED' | 'REOPENING_OVERDUE' | 'STALE';

export interface MediaItem {
  id: string;
  contentType: string | null;
  size: number | null;
  resized: boolean;
  createdAt: number;
  url: string;
  thumbnailUrl: string | null;
}

export interface RegionItem {
  id: string;
  /** GeoJSON LineString as a JSON string (AWSJSON) */
  geometry: string;
  /** Drawn by hand where the road map has no road: kept exactly as drawn. */
  drawnByHand?: boolean | null;
  createdAt: number | null;
  updatedAt: number | null;
}

export interface ClosureSummary {
  id: string;
  lgaCode: string;
  active: boolean;
  condition: string;
  type: { value: string; text: string };
  reason: string | null;
  formattedAddress: string | null;
  nearestLocation: { name: string; distance: number } | null;
  scheduledFor: number | null;
  estimatedReopening: number | null;
  openedAt: number | null;
  archivedAt: number | null;
  deletedAt: number | null;
  createdAt: number;
  updatedAt: number;
  view: ClosureViewEnum;
  scheduled: boolean;
  /** Only whether each region was drawn by hand (the lists mark such closures). */
  regions?: Array<{ drawnByHand?: boolean | null }>;
}

export interface ClosureDetail extends ClosureSummary {
  position: { lat: number; lng: number };
  geohash: string | null;
  regions: RegionItem[];
  subscriberCount: number;
  clusterId: string | null;
  mediaIds: string[];
  media: MediaItem[];
  /** Goes up with every change: the detail form saves with the version it was filled in from. */
  version: number | null;
  /** The way around the closure (DETAIL selects it through the map's CLOSURE_FIELDS). */
  detour?: string | null;
}

export interface ClosurePage {
  items: ClosureSummary[];
  nextToken: string | null;
  count: number;
}

export interface ClosureActivity {
  id: string;
  timestamp: number;
  action: string;
  user: { uid: string; email: string | null; displayName: string | null };
  payload: string | null;
}

export interface ClosureCounts {
  active: number;
  scheduled: number;
  archived: number;
  deleted: number;
  recentlyOpened: number;
  reopeningScheduled: number;
  reopeningOverdue: number;
  stale: number;
}

export interface Dashboard {
  lgaCode: string;
  closureCounts: ClosureCounts;
  recentChanges: ClosureSummary[];
  overdueReopening: ClosureSummary[];
  overdueCount: number;
}

const SUMMARY = /* GraphQL */ `
  id lgaCode active condition type { value text } reason formattedAddress
  nearestLocation { name distance }
  scheduledFor estimatedReopening openedAt archivedAt deletedAt createdAt updatedAt view scheduled
  regions { drawnByHand }
`;

const MEDIA = 'id contentType size resized createdAt url thumbnailUrl';

// Subscribers (the maps) receive only what the mutation selected, so every mutation selects the
// map's fields (CLOSURE_FIELDS) along with the detail page's.
const DETAIL = /* GraphQL */ `
  ${CLOSURE_FIELDS}
  ${SUMMARY}
  geohash subscriberCount clusterId mediaIds version
  regions { id geometry drawnByHand createdAt updatedAt }
  media { ${MEDIA} }
`;

export async function listClosures(lgaCode: string, view: ClosureViewEnum, limit: number, nextToken: string | null): Promise<ClosurePage> {
  const data = await gql<{ closuresByLga: ClosurePage }>(
    `query ClosuresByLga($lgaCode: String!, $view: ClosureView, $limit: Int, $nextToken: String) {
      closuresByLga(lgaCode: $lgaCode, view: $view, limit: $limit, nextToken: $nextToken) { items { ${SUMMARY} } nextToken count }
    }`,
    { lgaCode, view, limit, nextToken },
  );
  return data.closuresByLga;
}

export async function getClosure(id: string): Promise<ClosureDetail | null> {
  const data = await gql<{ closure: ClosureDetail | null }>(`query Closure($id: ID!) { closure(id: $id) { ${DETAIL} } }`, { id });
  return data.closure;
}

export async function getClosureActivities(id: string): Promise<ClosureActivity[]> {
  const data = await gql<{ closureActivities: ClosureActivity[] }>(
    `query ClosureActivities($id: ID!) {
      closureActivities(id: $id) { id timestamp action user { uid email displayName } payload }
    }`,
    { id },
  );
  return data.closureActivities;
}

export async function getDashboard(lgaCode: string): Promise<Dashboard> {
  const data = await gql<{ dashboard: Dashboard }>(
    `query Dashboard($lgaCode: String!) {
      dashboard(lgaCode: $lgaCode) {
        lgaCode overdueCount
        closureCounts { active scheduled archived deleted recentlyOpened reopeningScheduled reopeningOverdue stale }
        recentChanges { ${SUMMARY} }
        overdueReopening { ${SUMMARY} }
      }
    }`,
    { lgaCode },
  );
  return data.dashboard;
}

export interface ClosureInput {
  lgaCode: string;
  type: string;
  reason: string | null;
  detour: string | null;
  regions: Array<{ id?: string; geometry: string }>;
  scheduledFor: number | null;
  estimatedReopening: number | null;
  condition: 'closed' | 'changed';
}

async function mutateClosure(name: string, args: string, params: string, variables: Record<string, unknown>): Promise<ClosureDetail> {
  const data = await gql<Record<string, ClosureDetail>>(`mutation M(${params}) { ${name}(${args}) { ${DETAIL} } }`, variables);
  return data[name];
}

/** A save after someone else's since `expectedVersion` is refused with a Conflict saying who and when. */
export const updateClosure = (id: string, input: ClosureInput, expectedVersion: number | null) =>
  mutateClosure('updateClosure', 'id: $id, input: $input, expectedVersion: $expectedVersion', '$id: ID!, $input: ClosureInput!, $expectedVersion: Int', {
    id,
    input,
    expectedVersion,
  });
export const reopenClosure = (id: string) => mutateClosure('reopenClosure', 'id: $id', '$id: ID!', { id });
export const deleteClosure = (id: string) => mutateClosure('deleteClosure', 'id: $id', '$id: ID!', { id });
export const restoreClosure = (id: string) => mutateClosure('restoreClosure', 'id: $id', '$id: ID!', { id });
export const deleteClosureRegion = (closureId: string, regionId: string) =>
  mutateClosure('deleteClosureRegion', 'closureId: $closureId, regionId: $regionId', '$closureId: ID!, $regionId: ID!', { closureId, regionId });
export const attachClosureMedia = (closureId: string, mediaId: string) =>
  mutateClosure('attachClosureMedia', 'closureId: $closureId, mediaId: $mediaId', '$closureId: ID!, $mediaId: ID!', { closureId, mediaId });
export const detachClosureMedia = (closureId: string, mediaId: string) =>
  mutateClosure('detachClosureMedia', 'closureId: $closureId, mediaId: $mediaId', '$closureId: ID!, $mediaId: ID!', { closureId, mediaId });

export interface MediaUpload {
  media: MediaItem;
  url: string;
  fields: string | Record<string, string>;
  maxBytes: number;
  expiresIn: number;
  closureId: string | null;
}

export async function createMediaUpload(input: { contentType: string; size: number; closureId?: string }): Promise<MediaUpload> {
  const data = await keyedGql<{ createMediaUpload: MediaUpload }>(
    `mutation CreateMediaUpload($input: MediaUploadInput!, $idempotencyKey: String) {
      createMediaUpload(input: $input, idempotencyKey: $idempotencyKey) { media { ${MEDIA} } url fields maxBytes expiresIn closureId }
    }`,
    { input },
  );
  return data.createMediaUpload;
}

export async function removeMedia(id: string): Promise<boolean> {
  const data = await gql<{ removeMedia: boolean }>(`mutation RemoveMedia($id: ID!) { removeMedia(id: $id) }`, { id });
  return data.removeMedia;
}

export interface LgaOption {
  code: string;
  name: string;
  customerStatus: string;
}

/** Every LGA (admins pick any customer council). */
export async function listLgas(): Promise<LgaOption[]> {
  const data = await gql<{ lgas: LgaOption[] }>(`query Lgas { lgas { code name customerStatus } }`);
  return data.lgas;
}
