// Photo evidence of a closure (docs/drfa.md#photo-evidence): the original upload kept privately
// with its EXIF, the capture time and position read from it, and the stage staff give each photo
// (pre-disaster, damage, works in progress, completed). Pure: the bytes are read elsewhere.
import { z } from 'zod';
import { mediaId } from '../closures/media';
import { closureId } from '../closures/input';
import { zoneOffsetSeconds } from '../council-time';

/**
 * Where the original upload is kept, EXIF and all: the media bucket's originals/ prefix, which
 * no public path serves and for which only the council-checked resolvers presign a download.
 */
export const privateOriginalKey = (id: string, extension: string) => `originals/${id}/original.${extension}`;
export const PRIVATE_ORIGINALS_PREFIX = 'originals/';
/** Claim records are kept 7 years (SA DRFA fact sheet 9): 7 × 365 + 2 leap days. */
export const ORIGINAL_RETENTION_DAYS = 2557;
/** A staff download link to an original lasts this long. */
export const ORIGINAL_DOWNLOAD_SECONDS = 300;
/** Staff photo zips are made on request and kept briefly under this prefix. */
export const PHOTO_ARCHIVES_PREFIX = 'exports/photos/';
export const PHOTO_ARCHIVE_DAYS = 1;

export const PHOTO_STAGES = {
  pre_disaster: 'Pre-disaster',
  damage: 'Damage',
  works_in_progress: 'Works in progress',
  completed: 'Completed',
} as const;
export type PhotoStage = keyof typeof PHOTO_STAGES;
export const PHOTO_STAGE_MESSAGE = 'Stage must be one of pre_disaster, damage, works_in_progress or completed';

export const photoStage = z.enum(Object.keys(PHOTO_STAGES) as [PhotoStage, ...PhotoStage[]], { errorMap: () => ({ message: PHOTO_STAGE_MESSAGE }) });

export const SetPhotoStageArgs = z.object({ closureId, mediaId, stage: photoStage }).strict();

/** What a photo's EXIF says of when and where it was taken, as kept on the media item. */
export interface PhotoCapture {
  /** The camera's wall clock, "2026-11-27T09:15:00" (EXIF DateTimeOriginal). */
  capturedLocal?: string;
  /** The camera's offset from UTC when it recorded one ("+11:00"). */
  capturedOffset?: string;
  latitude?: number;
  longitude?: number;
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^[+-]\d{2}:\d{2}$/;

/**
 * The capture as kept, from exifr's raw output (values not revived): a date that is not a real
 * date and a position off the globe (or 0,0, a camera without a fix) are dropped, not guessed.
 */
export function captureOf(exif: Record<string, unknown> | undefined | null): PhotoCapture {
  if (!exif) return {};
  const capture: PhotoCapture = {};
  const date = EXIF_DATE.exec(String(exif.DateTimeOriginal ?? exif.CreateDate ?? exif.DateTime ?? ''));
  if (date) {
    const [, y, mo, d, h, mi, s] = date;
    const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}`;
    const parsed = new Date(`${iso}Z`);
    if (!Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(iso) && Number(y) >= 1990) capture.capturedLocal = iso;
  }
  const offset = String(exif.OffsetTimeOriginal ?? exif.OffsetTime ?? '');
  if (capture.capturedLocal && OFFSET.test(offset)) capture.capturedOffset = offset;
  const { latitude, longitude } = exif as { latitude?: unknown; longitude?: unknown };
  if (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180 &&
    !(latitude === 0 && longitude === 0)
  ) {
    // Six decimals is about 0.1 m: more is the camera's noise.
    capture.latitude = Math.round(latitude * 1e6) / 1e6;
    capture.longitude = Math.round(longitude * 1e6) / 1e6;
  }
  return capture;
}

/**
 * The instant a photo was taken: with the camera's own offset when it recorded one, else its wall
 * clock read in the council's time zone (a camera in the council's area is set to local time).
 */
export function capturedAtOf(capture: PhotoCapture, timeZone: string): number | null {
  if (!capture.capturedLocal) return null;
  const asUtc = Date.parse(`${capture.capturedLocal}Z`) / 1000;
  if (capture.capturedOffset) {
    const sign = capture.capturedOffset.startsWith('-') ? -1 : 1;
    const [h, m] = capture.capturedOffset.slice(1).split(':').map(Number);
    return asUtc - sign * (h * 3600 + m * 60);
  }
  const guess = asUtc - zoneOffsetSeconds(timeZone, asUtc);
  return asUtc - zoneOffsetSeconds(timeZone, guess);
}

/** The file name of an original in a zip and in the register: unique per closure and photo. */
export const originalFileName = (closureId: string, mediaId: string, extension: string) => `${closureId}/${mediaId}.${extension}`;

