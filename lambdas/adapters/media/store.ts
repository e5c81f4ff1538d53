// Media items and their references (spec §3/§4): a MEDIA#{id} item, one REF item per place that
// uses it, and the objects under media/{id}/ in the media bucket. A closure's attach/detach goes
// through the closure's own transaction (see ../closures/media.ts); this file holds the rest.
import { conflict, notFound } from '../../core/errors';
import { DOWNLOAD_EXPIRES_SECONDS, isExpiredMedia, MEDIA_MESSAGES, originalKey, thumbnailKey, UNATTACHED_MEDIA_TTL_SECONDS, uploadKey, type MediaReference } from '../../core/closures/media';
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
    for (const key of [originalKey(m.id, m.extension), thumbnailKey(m.id)]) {
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
  await deleteObjects([uploadKey(media.id, media.extension), originalKey(media.id, media.extension), thumbnailKey(media.id)]);
}

/** removeMedia: only when nothing references it (spec §4). */
export async function removeUnreferencedMedia(media: MediaRecord): Promise<void> {
  if ((await listReferences(media.id)).length > 0) throw conflict(MEDIA_MESSAGES.hasReferences);
  await db().entities.media.delete({ id: media.id }).go();
  await deleteMediaObjects(media);
}

export async function markResized(id: string, uploadedAt: number): Promise<boolean> {
  try {
    await db().entities.media.patch({ id }).set({ resized: true, uploadedAt }).go();
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
