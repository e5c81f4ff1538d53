// The reports API (lib/schema.graphql, docs/api.md#incident-reports-and-moderation): submitting, one's own reports, and moderation.
import { gql } from '../../../lib/api';
import { keyedGql } from '../../../lib/keyed-write';
import { parseFields, postToPresignedUrl } from '../../closures/upload';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface ReportMedia {
  id: string;
  url: string;
  thumbnailUrl: string | null;
}

export interface ReportActivity {
  what: string;
  when: number;
  why: string | null;
  who: { uid: string; email: string | null; displayName: string | null };
}

export interface Report {
  id: string;
  status: 'pending' | 'approved' | 'denied' | 'rejected' | 'retracted';
  lgaCode: string;
  type: { value: string; text: string };
  description: string | null;
  position: LatLng;
  formattedAddress: string | null;
  clusterId: string | null;
  closureId: string | null;
  reason: string | null;
  councilUsesApp: boolean;
  mine: boolean;
  media: ReportMedia[];
  activity: ReportActivity[];
  createdAt: number;
  updatedAt: number;
}

export interface ReportCluster {
  id: string;
  lgaCode: string;
  status: 'pending' | 'approved' | 'rejected';
  type: { value: string; text: string };
  center: LatLng;
  radius: number;
  reportCount: number;
  reportIds: string[];
  closureId: string | null;
  reason: string | null;
  formattedAddress: string | null;
  updatedAt: number;
  media: ReportMedia[];
  reports: Report[];
  /** While pending: the stretch of road approving closes unless the moderator places a line (GeoJSON as text); null where no road is near. */
  proposedRegion?: string | null;
}

/** A line the moderator placed for the closure: snapped, or drawn by hand where no road was near. */
export interface PlacedRegion {
  geometry: string;
  drawnByHand?: boolean;
}

export interface Nearby {
  closures: { id: string; type: { value: string; text: string }; formattedAddress: string | null }[];
  clusters: { id: string; type: { value: string; text: string }; reportCount: number; distance: number; formattedAddress: string | null }[];
}

const MEDIA = 'media { id url thumbnailUrl }';
const REPORT = `id status lgaCode type { value text } description position { lat lng } formattedAddress clusterId closureId
  reason councilUsesApp mine ${MEDIA} activity { what when why who { uid email displayName } } createdAt updatedAt`;
const CLUSTER = `id lgaCode status type { value text } center { lat lng } radius reportCount reportIds closureId reason formattedAddress updatedAt ${MEDIA}`;

export interface ReportInput {
  type: string;
  description?: string;
  position: LatLng;
  mediaIds?: string[];
}

/** Sends a report; `key` names the user's action, so a repeat of it never makes a second report. */
export async function submitReport(input: ReportInput, key?: string): Promise<Report> {
  const data = await keyedGql<{ submitReport: Report }>(`mutation($input: ReportInput!, $idempotencyKey: String) { submitReport(input: $input, idempotencyKey: $idempotencyKey) { ${REPORT} } }`, { input }, { key });
  return data.submitReport;
}

export async function nearbyForReport(position: LatLng, type?: string): Promise<Nearby> {
  const data = await gql<{ nearbyForReport: Nearby }>(
    `query($position: CoordinateInput!, $type: String) { nearbyForReport(position: $position, type: $type) {
      closures { id type { value text } formattedAddress } clusters { id type { value text } reportCount distance formattedAddress } } }`,
    { position, type },
  );
  return data.nearbyForReport;
}

export async function myReports(): Promise<Report[]> {
  return (await gql<{ myReports: Report[] }>(`query { myReports { ${REPORT} } }`)).myReports;
}

export async function getReport(id: string): Promise<Report | null> {
  return (await gql<{ report: Report | null }>(`query($id: ID!) { report(id: $id) { ${REPORT} } }`, { id })).report;
}

export async function retractReport(id: string): Promise<Report> {
  return (await gql<{ retractReport: Report }>(`mutation($id: ID!) { retractReport(id: $id) { ${REPORT} } }`, { id })).retractReport;
}

/** The stretch of road approving a pending report would close, or null where no road is near (moderators). */
export async function reportProposal(id: string): Promise<string | null> {
  return (await gql<{ report: { proposedRegion: string | null } | null }>(`query($id: ID!) { report(id: $id) { proposedRegion } }`, { id })).report?.proposedRegion ?? null;
}

/**
 * `reason` is the closure's public reason as the moderator wrote or confirmed it ('' for none);
 * `regions` the line the moderator placed (left out: the proposed stretch of road).
 */
export async function approveReport(id: string, reason: string, regions?: PlacedRegion[] | null): Promise<Report> {
  return (
    await gql<{ approveReport: Report }>(`mutation($id: ID!, $reason: String, $regions: [RegionInput!]) { approveReport(id: $id, reason: $reason, regions: $regions) { ${REPORT} } }`, {
      id,
      reason: reason.trim() || null,
      regions: regions ?? null,
    })
  ).approveReport;
}

export async function denyReport(id: string, reason: string): Promise<Report> {
  return (await gql<{ denyReport: Report }>(`mutation($id: ID!, $reason: String!) { denyReport(id: $id, reason: $reason) { ${REPORT} } }`, { id, reason }))
    .denyReport;
}

export async function reportsByLga(lgaCode: string, status?: string): Promise<Report[]> {
  const data = await gql<{ reportsByLga: Report[] }>(
    `query($lgaCode: String!, $status: ReportStatusFilter) { reportsByLga(lgaCode: $lgaCode, status: $status) { ${REPORT} } }`,
    { lgaCode, status },
  );
  return data.reportsByLga;
}

export async function reportClusters(lgaCode: string, status: 'PENDING' | 'APPROVED' | 'REJECTED'): Promise<ReportCluster[]> {
  const data = await gql<{ reportClusters: ReportCluster[] }>(
    `query($lgaCode: String!, $status: ReportClusterStatus) { reportClusters(lgaCode: $lgaCode, status: $status) { ${CLUSTER} reports { id } } }`,
    { lgaCode, status },
  );
  return data.reportClusters;
}

export async function getCluster(id: string): Promise<ReportCluster | null> {
  return (await gql<{ reportCluster: ReportCluster | null }>(`query($id: ID!) { reportCluster(id: $id) { ${CLUSTER} proposedRegion reports { ${REPORT} } } }`, { id }))
    .reportCluster;
}

/**
 * `reason` is the closure's public reason as the moderator wrote or confirmed it ('' for none);
 * `regions` the line the moderator placed (left out: the proposed stretch of road).
 */
export async function approveCluster(id: string, reason: string, regions?: PlacedRegion[] | null): Promise<ReportCluster> {
  const data = await gql<{ approveCluster: ReportCluster }>(
    `mutation($id: ID!, $reason: String, $regions: [RegionInput!]) { approveCluster(id: $id, reason: $reason, regions: $regions) { ${CLUSTER} reports { id } } }`,
    { id, reason: reason.trim() || null, regions: regions ?? null },
  );
  return data.approveCluster;
}

export async function rejectCluster(id: string, reason: string): Promise<ReportCluster> {
  const data = await gql<{ rejectCluster: ReportCluster }>(
    `mutation($id: ID!, $reason: String!) { rejectCluster(id: $id, reason: $reason) { ${CLUSTER} reports { id } } }`,
    { id, reason },
  );
  return data.rejectCluster;
}

export interface PendingCard {
  count: number;
  items: Pick<ReportCluster, 'id' | 'type' | 'reportCount' | 'formattedAddress' | 'updatedAt'>[];
}

export async function pendingClustersCard(lgaCode: string): Promise<PendingCard> {
  const data = await gql<{ pendingClustersCard: PendingCard }>(
    `query($lgaCode: String!) { pendingClustersCard(lgaCode: $lgaCode) { count items { id type { value text } reportCount formattedAddress updatedAt } } }`,
    { lgaCode },
  );
  return data.pendingClustersCard;
}

/** Uploads one photo (presigned POST) and returns its media id for the report. */
export async function uploadPhoto(file: File, onProgress: (fraction: number) => void = () => {}, key?: string): Promise<string> {
  const data = await keyedGql<{ createMediaUpload: { media: { id: string }; url: string; fields: string } }>(
    `mutation($input: MediaUploadInput!, $idempotencyKey: String) { createMediaUpload(input: $input, idempotencyKey: $idempotencyKey) { media { id } url fields } }`,
    { input: { contentType: file.type, size: file.size } },
    { key },
  );
  const upload = data.createMediaUpload;
  await postToPresignedUrl(upload.url, parseFields(upload.fields), file, onProgress);
  return upload.media.id;
}
