// Media items and their references (spec §3/§4): a MEDIA#{id} item, one REF item per place that
// uses it, and the objects under media/{id}/ in the media bucket. A closure's attach/detach goes
// through the closure's own transaction (see ../closures/media.ts); this file holds the rest.
import { conflict, notFound } from '../../core/errors';
import { DOWNLOAD_EXPIRES_SECONDS, isExpiredMedia, MEDIA_MESSAGES, originalKey, thumbnailKey, UNATTACHED_MEDIA_TTL_SECONDS, uploadKey, type MediaReference } from '../../core/closures/media';
import { privateOriginalKey, type PhotoCapture } from '../../core/drfa/photos';
import { db } from '../db/db';
import { deleteObjects, presignDownload, untagObject } from './bucket';

export interface MediaRecord {
  id: string;
  uid: string;
  extension: string;
  contentType?: string;
  size?: number;
  uploadedAt?: number;
  resized?: boolean;
  expiresAt?: number;
  /** The original upload is kept privately, EXIF and all (lambdas/core/drfa/photos.ts). */
  originalKept?: boolean;
  capturedLocal?: string;
  capturedOffset?: string;
  latitude?: number;
  longitude?: number;
  stage?: string;
  stagedBy?: string;
  stagedAt?: number;
  createdAt: number;
  updatedAt: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An expired upload is gone even while DynamoDB has not deleted it yet. */
export async function getMedia(id: string): Promise<MediaRecord | undefined> {
  const { data } = await db().entities.media.get({ id }).go();
  return data && !isExpiredMedia(data, nowSeconds()) ? data : undefined;
}

export async function loadMedia(id: string): Promise<MediaRecord> {
  const media = await getMedia(id);
  if (!media) throw notFound(`Media ${id} not found`);
  return media;
}

export async function getMediaItems(ids: readonly string[]): Promise<MediaRecord[]> {
  if (ids.length === 0) return [];
  const { data } = await db()
    .entities.media.get(ids.map((id) => ({ id })))
    .go();
  const now = nowSeconds();
  const byId = new Map(data.filter((m) => m && !isExpiredMedia(m, now)).map((m) => [m!.id, m as MediaRecord]));
  return ids.map((id) => byId.get(id)).filter((m): m is MediaRecord => Boolean(m));
}

/** An upload not attached to anything yet: it expires unless something references it in time. */
export async function createMediaItem(item: Pick<MediaRecord, 'id' | 'uid' | 'extension' | 'contentType' | 'size'>): Promise<MediaRecord> {
  const { data } = await db().entities.media.create({ ...item, expiresAt: nowSeconds() + UNATTACHED_MEDIA_TTL_SECONDS }).go();
  return data as MediaRecord;
}

/** After an attach committed: the objects lose their expiry tag (best effort; the item no longer expires). */
export async function keepMediaObjects(media: Pick<MediaRecord, 'id' | 'extension'>[]): Promise<void> {
  for (const m of media) {
    for (const key of [originalKey(m.id, m.extension), thumbnailKey(m.id), privateOriginalKey(m.id, m.extension)]) {
      try {
        await untagObject(key);
      } catch (error) {
        // No thumbnail yet, or a local S3 without object tagging: nothing to clear.
        const name = (error as Error).name;
        if (name !== 'NoSuchKey' && name !== 'NotImplemented') console.warn('could not clear the expiry tag of', key, name);
      }
    }
  }
}

export async function listReferences(mediaId: string): Promise<MediaReference[]> {
  const { data } = await db().entities.mediaReference.query.byMedia({ mediaId }).go({ pages: 'all' });
  return data.map(({ collection, documentId, field }) => ({ collection, documentId, field }));
}

/** The objects go after the item: a failure leaves unreachable objects, never a dangling item. */
export async function deleteMediaObjects(media: Pick<MediaRecord, 'id' | 'extension'>): Promise<void> {
  await deleteObjects([uploadKey(media.id, media.extension), originalKey(media.id, media.extension), thumbnailKey(media.id), privateOriginalKey(media.id, media.extension)]);
}

/** removeMedia: only when nothing references it (spec §4). */
export async function removeUnreferencedMedia(media: MediaRecord): Promise<void> {
  if ((await listReferences(media.id)).length > 0) throw conflict(MEDIA_MESSAGES.hasReferences);
  await db().entities.media.delete({ id: media.id }).go();
  await deleteMediaObjects(media);
}

/** The photo is published; its private original (if kept) and what its EXIF said are recorded with it. */
export async function markResized(id: string, uploadedAt: number, evidence: PhotoCapture & { originalKept?: boolean } = {}): Promise<boolean> {
  try {
    await db().entities.media.patch({ id }).set({ resized: true, uploadedAt, ...evidence }).go();
    return true;
  } catch {
    // The item was removed while the thumbnail was being made.
    return false;
  }
}

export interface PresentedMedia {
  id: string;
  contentType: string | null;
  size: number | null;
  resized: boolean;
  uploadedAt: number | null;
  createdAt: number;
  url: string;
  thumbnailUrl: string | null;
}

export async function presentMedia(media: MediaRecord): Promise<PresentedMedia> {
  const [url, thumbnailUrl] = await Promise.all([
    presignDownload(originalKey(media.id, media.extension), DOWNLOAD_EXPIRES_SECONDS),
    media.resized ? presignDownload(thumbnailKey(media.id), DOWNLOAD_EXPIRES_SECONDS) : Promise.resolve(null),
  ]);
  return {
    id: media.id,
    contentType: media.contentType ?? null,
    size: media.size ?? null,
    resized: media.resized === true,
    uploadedAt: media.uploadedAt ?? null,
    createdAt: media.createdAt,
    url,
    thumbnailUrl,
  };
}

/**
 * Sets a photo's stage. One conditional write: two changes at once leave one of them, whole, and
 * a photo removed meanwhile is not recreated (patch needs the item).
 */
export async function setMediaStage(id: string, stage: string, stagedBy: string): Promise<MediaRecord | undefined> {
  try {
    const { data } = await db()
      .entities.media.patch({ id })
      .set({ stage, stagedBy, stagedAt: nowSeconds() })
      .go({ response: 'all_new' });
    return data as MediaRecord;
  } catch (error) {
    if ((error as { cause?: { name?: string } }).cause?.name === 'ConditionalCheckFailedException' || /conditional/i.test(String((error as Error).message))) return undefined;
    throw error;
  }
}
