// S3 object-created handler (in AWS an S3 event notification on media/*/original.*; locally the
// s3rver hook in local/stack.ts): makes a 400 px WebP thumbnail beside the original and marks
// the media item resized. Thumbnails and unknown keys are ignored, so its own output never loops.
import { Logger } from '@aws-lambda-powertools/logger';
import type { S3Event } from 'aws-lambda';
import sharp from 'sharp';
import { mediaIdOfOriginalKey, THUMBNAIL_CONTENT_TYPE, THUMBNAIL_SIZE, thumbnailKey, UNATTACHED_TAG } from '../core/closures/media';
import { getMedia, markResized } from '../adapters/media';
import { readObject, writeObject } from '../adapters/s3';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures' });

export async function makeThumbnail(image: Uint8Array): Promise<Buffer> {
  return sharp(image, { animated: false, limitInputPixels: 100_000_000 })
    .rotate() // honour EXIF orientation before it is stripped
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

export const handler = async (event: S3Event) => {
  const made: string[] = [];
  for (const record of event.Records ?? []) {
    const bucket = record.s3.bucket.name;
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    const id = mediaIdOfOriginalKey(key);
    if (!id) continue;
    const media = await getMedia(id);
    if (!media) {
      logger.info('no media item for upload; ignored', { key });
      continue;
    }
    try {
      const original = await readObject(bucket, key);
      const thumbnail = await makeThumbnail(original.body);
      // An upload nothing references yet expires with its thumbnail (the bucket's lifecycle rule).
      const tags = media.expiresAt ? { [UNATTACHED_TAG.key]: UNATTACHED_TAG.value } : undefined;
      await writeObject(bucket, thumbnailKey(id), thumbnail, THUMBNAIL_CONTENT_TYPE, tags);
      if (await markResized(id, Math.floor(Date.now() / 1000))) made.push(id);
    } catch (error) {
      // A file that is not really an image: keep the original, leave resized false.
      logger.warn('thumbnail failed', { key, error: error as Error });
    }
  }
  return { thumbnails: made };
};
