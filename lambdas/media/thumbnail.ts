// S3 object-created handler for uploaded photos (in AWS an S3 event notification on media/;
// locally the s3rver hook in local/stack.ts). The browser uploads to media/{id}/upload.{ext},
// which nobody is ever given a URL for. Here the file's bytes decide what it is: anything but a
// JPEG, PNG, WebP or GIF (an HTML or SVG page renamed .jpg, say) is deleted. A photo is decoded
// and written again to media/{id}/original.{ext} without its metadata (EXIF, GPS position,
// camera serial), turned upright first, with a 400 px WebP thumbnail beside it. The upload itself,
// EXIF and all, is kept privately under originals/ as the council's claim evidence, and the
// capture time and position its EXIF gives are recorded on the media item (docs/drfa.md#photo-evidence).
// Only then is the media item marked resized and the public copy readable. Other keys are
// ignored, so its own output never loops.
import { Logger } from '@aws-lambda-powertools/logger';
import type { S3Event } from 'aws-lambda';
import sharp from 'sharp';
import { imageTypeOf } from '../core/closures/image-type';
import { EXTENSIONS, originalKey, THUMBNAIL_CONTENT_TYPE, THUMBNAIL_SIZE, thumbnailKey, UNATTACHED_TAG, uploadOfKey } from '../core/closures/media';
import { getMedia, markResized } from '../adapters/media/store';
import { deleteObjects, readObject, writeObject } from '../adapters/media/bucket';
import { readCapture } from '../adapters/media/exif';
import { privateOriginalKey } from '../core/drfa/photos';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures' });
const INPUT_LIMITS = { animated: false, limitInputPixels: 100_000_000 } as const;

export async function makeThumbnail(image: Uint8Array): Promise<Buffer> {
  return sharp(image, INPUT_LIMITS)
    .rotate() // honour EXIF orientation before it is stripped
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

const FORMAT_OF_EXTENSION: Record<string, 'jpeg' | 'png' | 'webp' | 'gif'> = { jpg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif' };

/**
 * The photo as it may be served: decoded (so it really is an image), upright, re-encoded in the
 * format its key names, and without any metadata (sharp keeps none unless asked to).
 */
export async function cleanPhoto(image: Uint8Array, extension: string): Promise<Buffer> {
  const format = FORMAT_OF_EXTENSION[extension] ?? 'jpeg';
  const pipeline = sharp(image, INPUT_LIMITS).rotate();
  return format === 'jpeg' ? pipeline.jpeg({ quality: 90 }).toBuffer() : pipeline.toFormat(format).toBuffer();
}

const contentTypeOf = (extension: string) => Object.entries(EXTENSIONS).find(([, ext]) => ext === extension)?.[0] ?? 'image/jpeg';

export const handler = async (event: S3Event) => {
  const made: string[] = [];
  for (const record of event.Records ?? []) {
    const bucket = record.s3.bucket.name;
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    const upload = uploadOfKey(key);
    if (!upload) continue;
    const { id, extension } = upload;
    try {
      const media = await getMedia(id);
      const { body } = await readObject(bucket, key);
      if (!media || !imageTypeOf(body)) {
        logger.warn(media ? 'upload is not a photo; deleted' : 'no media item for upload; deleted', { key });
        continue;
      }
      const photo = await cleanPhoto(body, extension);
      // An upload nothing references yet expires with its thumbnail (the bucket's lifecycle rule).
      const tags = media.expiresAt ? { [UNATTACHED_TAG.key]: UNATTACHED_TAG.value } : undefined;
      await writeObject(bucket, thumbnailKey(id), await makeThumbnail(photo), THUMBNAIL_CONTENT_TYPE, tags);
      await writeObject(bucket, originalKey(id, extension), photo, contentTypeOf(extension), tags);
      // The upload as it came, for staff only: it expires with the public copies while unattached.
      await writeObject(bucket, privateOriginalKey(id, extension), body, contentTypeOf(extension), tags);
      const capture = await readCapture(body);
      if (await markResized(id, Math.floor(Date.now() / 1000), { ...capture, originalKept: true })) made.push(id);
    } catch (error) {
      // Undecodable bytes behind an image signature: nothing is published.
      logger.warn('photo could not be processed; deleted', { key, error: error as Error });
    } finally {
      // The upload key never stays: its metadata is kept only under the private originals/ prefix.
      await deleteObjects([key]).catch((error) => logger.warn('upload not deleted', { key, error: error as Error }));
    }
  }
  return { thumbnails: made };
};
