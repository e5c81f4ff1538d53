// Unsealed-road announcements (spec §4, §5, §9): what a status change means for the LGA's
// announcement, the limits on message, vehicle mass and expiry, and what the banner and the
// notifications say. Pure: the adapters load the current announcement and persist the plan.
import { z } from 'zod';

export const UNSEALED_ROADS_TYPE = 'unsealed_roads';
export const UNSEALED_STATUSES = ['open', 'closed', 'restricted'] as const;
export type UnsealedStatus = (typeof UNSEALED_STATUSES)[number];

/** Spec §9. */
export const MESSAGE_MAX = 500;
export const MESSAGE_TOO_LONG = `Message is too long (maximum ${MESSAGE_MAX} characters)`;
export const GVM_MIN = 1;
export const GVM_MAX = 50;
export const GVM_STEP = 0.5;
export const GVM_DEFAULT = 4.5;
export const GVM_RANGE_MESSAGE = `Maximum GVM must be between ${GVM_MIN} and ${GVM_MAX} tonnes`;
export const GVM_STEP_MESSAGE = `Maximum GVM must be in steps of ${GVM_STEP} tonnes`;
export const MIN_EXPIRY_AHEAD_SECONDS = 3600;
export const EXPIRY_TOO_SOON = 'Auto-expiry must be at least one hour from now';
/** Stored expiry of an announcement that never expires (sorts last in the expiry index). */
export const NO_EXPIRY = 9_999_999_999;

export interface VehicleRestrictions {
  enabled: boolean;
  maxGVM?: number;
  restrictionMessage?: string;
}

export interface AnnouncementRecord {
  id: string;
  lgaCode: string;
  type: string;
  title: string;
  message?: string;
  status: 'active' | 'archived';
  unsealedRoadsStatus?: UnsealedStatus;
  vehicleRestrictions?: VehicleRestrictions;
  expiresAt: number;
  createdAt: number;
  updatedAt: number;
  notificationSent?: boolean;
}

export function titleFor(status: string | undefined): string {
  switch (status) {
    case 'closed':
      return 'Unsealed roads closed';
    case 'restricted':
      return 'Unsealed roads restricted';
    case 'open':
      return 'Unsealed roads open';
    default:
      return 'Unsealed roads status update';
  }
}

export const formatTonnes = (t: number) => `${Number.isInteger(t) ? t.toFixed(0) : t.toString()} t`;

/** The message the modal fills in when restricted is chosen (the officer may edit it). */
export function restrictedMessage(maxGVM = GVM_DEFAULT): string {
  return `Unsealed roads are open to vehicles of ${formatTonnes(maxGVM)} GVM or less. Heavier vehicles must not use unsealed roads until further notice.`;
}

export const isValidGvm = (value: number) => value >= GVM_MIN && value <= GVM_MAX && Number.isInteger(value / GVM_STEP);

/** maxGVM as the form and the server both check it: 1–50 t in steps of 0.5. */
export const gvmSchema = z
  .number({ invalid_type_error: GVM_RANGE_MESSAGE })
  .finite(GVM_RANGE_MESSAGE)
  .min(GVM_MIN, GVM_RANGE_MESSAGE)
  .max(GVM_MAX, GVM_RANGE_MESSAGE)
  .refine((v) => Number.isInteger(v / GVM_STEP), GVM_STEP_MESSAGE);

export const messageSchema = z.string().max(MESSAGE_MAX, MESSAGE_TOO_LONG);

/** Expiry check for a given moment: absent, or at least one hour ahead. */
export function expiryProblem(expiresAt: number | null | undefined, now: number): string | undefined {
  if (expiresAt === null || expiresAt === undefined) return undefined;
  return expiresAt < now + MIN_EXPIRY_AHEAD_SECONDS ? EXPIRY_TOO_SOON : undefined;
}

export interface StatusChange {
  status: UnsealedStatus;
  message?: string;
  vehicleRestrictions?: VehicleRestrictions;
  expiresAt?: number;
}

/** The fields an announcement takes for a closed or restricted status (spec §4). */
export interface AnnouncementFields {
  type: typeof UNSEALED_ROADS_TYPE;
  title: string;
  message?: string;
  unsealedRoadsStatus: 'closed' | 'restricted';
  vehicleRestrictions: VehicleRestrictions;
  expiresAt: number;
}

export type StatusPlan =
  /** Open with an active announcement: archive it. */
  | { kind: 'archive'; announcement: AnnouncementRecord }
  /** Open with nothing active: already open, nothing changes and nobody is told. */
  | { kind: 'unchanged' }
  | { kind: 'update'; announcement: AnnouncementRecord; fields: AnnouncementFields }
  | { kind: 'create'; fields: AnnouncementFields };

/**
 * What setting the status does: open removes (archives) the active announcement; closed and
 * restricted update it or create one. Restricted keeps vehicle restrictions on (default 4.5 t
 * and the auto-filled message); closed clears them. Input is already validated.
 */
export function planStatusChange(change: StatusChange, current: AnnouncementRecord | undefined): StatusPlan {
  if (change.status === 'open') return current ? { kind: 'archive', announcement: current } : { kind: 'unchanged' };
  const restricted = change.status === 'restricted';
  const maxGVM = change.vehicleRestrictions?.maxGVM ?? GVM_DEFAULT;
  const message = change.message?.trim() || (restricted ? restrictedMessage(maxGVM) : undefined);
  const fields: AnnouncementFields = {
    type: UNSEALED_ROADS_TYPE,
    title: titleFor(change.status),
    message,
    unsealedRoadsStatus: change.status,
    vehicleRestrictions: restricted
      ? { enabled: true, maxGVM, ...(change.vehicleRestrictions?.restrictionMessage?.trim() ? { restrictionMessage: change.vehicleRestrictions.restrictionMessage.trim() } : {}) }
      : { enabled: false },
    expiresAt: change.expiresAt ?? NO_EXPIRY,
  };
  return current ? { kind: 'update', announcement: current, fields } : { kind: 'create', fields };
}

/** The LGA's status from its newest active unsealed-roads announcement; none means open. */
export function currentUnsealed(announcements: readonly AnnouncementRecord[]): AnnouncementRecord | undefined {
  return announcements
    .filter((a) => a.status === 'active' && a.type === UNSEALED_ROADS_TYPE)
    .sort((a, b) => b.createdAt - a.createdAt)[0];
}

export const statusOf = (current: AnnouncementRecord | undefined): UnsealedStatus => current?.unsealedRoadsStatus ?? 'open';

/** Reactivation's expiry: the new one, else the old one while still ahead, else none. */
export function reactivatedExpiry(previous: number, requested: number | undefined, now: number): number {
  if (requested !== undefined) return requested;
  return previous > now ? previous : NO_EXPIRY;
}

/** Does a restriction keep a vehicle of this mass (tonnes) off the LGA's unsealed roads? */
export function keepsVehicleOff(a: Pick<AnnouncementRecord, 'unsealedRoadsStatus' | 'vehicleRestrictions' | 'status'> | undefined, vehicleMass: number | undefined): boolean {
  if (!a || a.status !== 'active') return false;
  if (a.unsealedRoadsStatus === 'closed') return true;
  if (a.unsealedRoadsStatus !== 'restricted' || !a.vehicleRestrictions?.enabled) return false;
  const max = a.vehicleRestrictions.maxGVM;
  return vehicleMass !== undefined && max !== undefined && vehicleMass > max;
}

export interface AnnouncementNoticeFacts {
  lgaName?: string;
  status: UnsealedStatus;
  message?: string;
  maxGVM?: number;
  /** The reader's vehicle mass in tonnes, when they gave one. */
  vehicleGvm?: number;
}

/** The notification an LGA subscriber reads; says plainly when their vehicle is over the limit. */
export function announcementNotice(f: AnnouncementNoticeFacts): { title: string; body: string } {
  const place = f.lgaName ?? 'your area';
  const title = `${titleFor(f.status)} in ${place}`;
  const parts: string[] = [];
  if (f.status === 'restricted' && f.maxGVM !== undefined && f.vehicleGvm !== undefined && f.vehicleGvm > f.maxGVM) {
    parts.push(`Your vehicle (${formatTonnes(f.vehicleGvm)}) is over the ${formatTonnes(f.maxGVM)} limit: do not use unsealed roads in ${place}.`);
  } else if (f.status === 'restricted' && f.maxGVM !== undefined) {
    parts.push(`Vehicles over ${formatTonnes(f.maxGVM)} GVM must not use unsealed roads.`);
  } else if (f.status === 'closed') {
    parts.push(`All unsealed roads in ${place} are closed.`);
  } else {
    parts.push(`Unsealed roads in ${place} are open again.`);
  }
  if (f.message && f.status !== 'open') parts.push(f.message);
  return { title, body: parts.join(' ') };
}
