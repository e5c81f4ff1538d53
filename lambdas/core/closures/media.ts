// Media rules (spec §3/§4; docs/api.md#closures-and-media): images only, at most 10 MB, stored as
// media/{id}/original.{ext} with a 400 px thumbnail beside it.
import { z } from 'zod';
import { closureId } from './input';

export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;
export const THUMBNAIL_SIZE = 400;
export const THUMBNAIL_CONTENT_TYPE = 'image/webp';
export const UPLOAD_EXPIRES_SECONDS = 600;
export const DOWNLOAD_EXPIRES_SECONDS = 3600;

export const MEDIA_MESSAGES = {
  notImage: 'Only JPEG, PNG, WebP or GIF images can be uploaded',
  tooBig: 'Images must be 10 MB or smaller',
  hasReferences: 'Cannot remove media item with existing references',
} as const;

export const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The file extension of an allowed content type; own properties only ("constructor" is not a type). */
export const extensionOf = (contentType: string): string | undefined => (Object.hasOwn(EXTENSIONS, contentType) ? EXTENSIONS[contentType] : undefined);

/**
 * An upload nobody attached expires: its item through the table's TTL after this long, its
 * objects through the media bucket's lifecycle rule on the tag below (whole days, so 2).
 */
export const UNATTACHED_MEDIA_TTL_SECONDS = 2 * 86_400;
export const UNATTACHED_TAG = { key: 'unattached', value: 'true' } as const;

/** Whether a media item's TTL has passed (DynamoDB deletes expired items only eventually). */
export const isExpiredMedia = (media: { expiresAt?: number }, now: number) => media.expiresAt !== undefined && media.expiresAt <= now;

/**
 * Whose media a closure administrator may attach: their own upload, or a photo already
 * published with a report, cluster or closure of the same LGA, never another user's private upload.
 */
export function mayAttachMedia(callerUid: string, media: { uid: string }, lgaCode: string, referenceLgas: readonly (string | undefined)[]): boolean {
  return media.uid === callerUid || referenceLgas.includes(lgaCode);
}

export const mediaId = z.string().trim().uuid('Invalid media id');

export const MediaUploadInput = z
  .object({
    contentType: z
      .string()
      .trim()
      .toLowerCase()
      .refine((t) => extensionOf(t) !== undefined, MEDIA_MESSAGES.notImage),
    size: z.number().int(MEDIA_MESSAGES.tooBig).min(1, MEDIA_MESSAGES.tooBig).max(MAX_MEDIA_BYTES, MEDIA_MESSAGES.tooBig),
    closureId: closureId.optional().nullable(),
  })
  .strict();

export const originalKey = (id: string, extension: string) => `media/${id}/original.${extension}`;
/**
 * Where the browser's presigned POST puts the file. Nobody is ever given a URL for it: the media
 * processor checks its bytes and writes the photo, metadata stripped, to the original key.
 */
export const uploadKey = (id: string, extension: string) => `media/${id}/upload.${extension}`;
export const thumbnailKey = (id: string) => `media/${id}/thumbnail.webp`;

/** The media id and extension of an upload, or undefined for any other key (originals and thumbnails included). */
export function uploadOfKey(key: string): { id: string; extension: string } | undefined {
  const match = /^media\/([0-9a-f-]{36})\/upload\.([a-z]+)$/.exec(key);
  return match ? { id: match[1], extension: match[2] } : undefined;
}

/** Where a media item is referenced (spec §3: collection, document id, field). */
export interface MediaReference {
  collection: string;
  documentId: string;
  field: string;
}

export const closureReference = (closureId: string): MediaReference => ({ collection: 'closures', documentId: closureId, field: 'media' });
