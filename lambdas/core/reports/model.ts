// Incident reports and clusters as the domain sees them (spec §3/§4), with the input schemas
// (every input bounded: docs/api.md#conventions) and the user-facing messages.
import { z } from 'zod';
import { lgaCode } from '../validation';
import { CLOSURE_TYPE_VALUES, type ClosureTypeValue, type LatLng, type NearestLocation } from '../closures/types';
import { isInAustralia } from '../closures/geometry';
import { mediaId } from '../closures/media';

export const MAX_DESCRIPTION = 1000;
export const MAX_REPORT_MEDIA = 4;
export const MAX_REASON = 1000;
/** Reports a user may send per clock hour. */
export const REPORTS_PER_HOUR = 10;
/** A new report joins a pending cluster whose centre is this close (or within the cluster's radius). */
export const DEFAULT_CLUSTER_RADIUS_M = 250;
/** Radius beyond the farthest member, so a member on the edge is still inside. */
export const CLUSTER_MARGIN_M = 50;
export const MAX_CLUSTER_RADIUS_M = 5000;
export const MIN_CLUSTER_RADIUS_M = 50;
/** Keeps approval (closure + every member + counters) inside one 100-item transaction. */
export const MAX_CLUSTER_MEMBERS = 60;
/** Photos a cluster (and the closure made from it) carries. */
export const MAX_CLUSTER_MEDIA = 10;
export const NEARBY_RADIUS_M = 500;

export const REPORT_MESSAGES = {
  rateLimited: 'You have sent too many reports in the last hour. Please try again later.',
  outsideAustralia: 'The location is not inside an Australian LGA',
  lgaMismatch: 'The location is not inside the given LGA',
  mediaNotYours: 'You can only attach photos you uploaded',
  invalidType: 'Invalid report type',
  notPending: 'Only pending reports can be changed',
  alreadyRetracted: 'The report is already retracted',
  clusterNotPending: 'Only pending clusters can be changed',
  changed: 'This report was changed by someone else. Please reload and try again.',
  reasonRequired: 'A reason is required',
} as const;

export type ReportStatus = 'pending' | 'approved' | 'denied' | 'rejected' | 'retracted';
export type ClusterStatus = 'pending' | 'approved' | 'rejected';

export interface Actor {
  uid: string;
  email?: string;
  displayName?: string;
}

/** Spec §3: activity entries (what, who, when, why). */
export interface ReportActivity {
  what: string;
  who: Actor;
  when: number;
  why?: string;
}

export interface ReportRecord {
  id: string;
  uid: string;
  lgaCode: string;
  status: ReportStatus;
  type: string;
  description?: string;
  position: LatLng;
  geohash: string;
  nearestLocation?: NearestLocation;
  formattedAddress?: string;
  media: string[];
  clusterId?: string;
  closureId?: string;
  reason?: string;
  activity: ReportActivity[];
  source: { type: 'user'; payload: { uid: string } };
  councilUsesApp: boolean;
  version: number;
  approvedAt?: number;
  rejectedAt?: number;
  deniedAt?: number;
  retractedAt?: number;
  createdAt: number;
  updatedAt: number;
}

export interface ClusterMember {
  lat: number;
  lng: number;
  uid: string;
  media: string[];
  createdAt: number;
}

export interface ClusterRecord {
  id: string;
  lgaCode: string;
  status: ClusterStatus;
  type: string;
  center: LatLng;
  radius: number;
  geohash: string;
  geohash4: string;
  geohash7: string;
  formattedAddress?: string;
  nearestLocation?: NearestLocation;
  media: string[];
  reportIds: string[];
  submissions: Record<string, ClusterMember>;
  reporterUids: string[];
  closureId?: string;
  reason?: string;
  version: number;
  approvedAt?: number;
  rejectedAt?: number;
  createdAt: number;
  updatedAt: number;
}

const coordinate = (min: number, max: number) =>
  z.number({ invalid_type_error: 'Invalid coordinates' }).finite('Invalid coordinates').min(min, 'Invalid coordinates').max(max, 'Invalid coordinates');

export const PositionInput = z
  .object({ lat: coordinate(-90, 90), lng: coordinate(-180, 180) })
  .strict()
  .refine((p) => isInAustralia(p.lng, p.lat), REPORT_MESSAGES.outsideAustralia);

export const reportType = z.enum(CLOSURE_TYPE_VALUES as [ClosureTypeValue, ...ClosureTypeValue[]], {
  errorMap: () => ({ message: REPORT_MESSAGES.invalidType }),
});

export const ReportInput = z
  .object({
    lgaCode: lgaCode.optional().nullable(),
    type: reportType,
    description: z
      .string()
      .trim()
      .max(MAX_DESCRIPTION, `Description is too long (maximum ${MAX_DESCRIPTION} characters)`)
      .optional()
      .nullable(),
    position: PositionInput,
    mediaIds: z
      .array(mediaId)
      .max(MAX_REPORT_MEDIA, `A report can have at most ${MAX_REPORT_MEDIA} photos`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each photo can be attached once')
      .optional()
      .nullable(),
  })
  .strict();
export type ReportInputValue = z.infer<typeof ReportInput>;

export const reportId = z.string().trim().min(1, 'Report id is required').max(64, 'Invalid report id');
export const clusterId = z.string().trim().min(1, 'Cluster id is required').max(64, 'Invalid cluster id');
export const reason = z.string().trim().min(1, REPORT_MESSAGES.reasonRequired).max(MAX_REASON, `Reason is too long (maximum ${MAX_REASON} characters)`);

export const ClusterStatusArg = z.enum(['PENDING', 'APPROVED', 'REJECTED'], { errorMap: () => ({ message: 'Invalid status' }) });
export const ReportStatusArg = z.enum(['PENDING', 'APPROVED', 'DENIED', 'REJECTED'], { errorMap: () => ({ message: 'Invalid status' }) });

export const ClusterUpdateInput = z
  .object({
    radius: z.number().finite().min(MIN_CLUSTER_RADIUS_M, 'Invalid radius').max(MAX_CLUSTER_RADIUS_M, 'Invalid radius').optional().nullable(),
    center: PositionInput.optional().nullable(),
    mediaIds: z.array(mediaId).max(MAX_CLUSTER_MEDIA, `A cluster can have at most ${MAX_CLUSTER_MEDIA} photos`).optional().nullable(),
  })
  .strict();
export type ClusterUpdateValue = z.infer<typeof ClusterUpdateInput>;

