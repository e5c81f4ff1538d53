// The LGA boundaries bundle in the feeds bucket: presigned uploads of a new ABS GeoJSON (under
// uploads/, never served), the published bundles (under feeds/, served at /feeds/*) and the
// import records whose newest one every client's "local data installed" guard compares.
// Publishing also updates the LGA records and, through the import record, the boundaries the
// server checks closures against (lambdas/adapters/foundation/lga-boundaries.ts).
// Its own S3 client, so the admin Lambda reaches the feeds bucket and nothing of the media bucket.
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { gzipSync } from 'node:zlib';
import { db } from '../db/db';
import type { BundleFeature } from '../../core/admin/lga-bundle';
import { feedsBucket, feedsS3 as s3 } from '../platform/feeds-bucket';
import { forgetLgaBoundaries, readPublishedBundle } from '../foundation/lga-boundaries';
import { syncLgaRecords } from './lga-records';

const uploadKey = (uploadId: string) => `uploads/lga-data/${uploadId}.geojson`;

export async function presignLgaUpload(uploadId: string, maxBytes: number) {
  const { url, fields } = await createPresignedPost(s3(), {
    Bucket: feedsBucket(),
    Key: uploadKey(uploadId),
    Conditions: [['content-length-range', 1, maxBytes]],
    Expires: 15 * 60,
  });
  return { url, fields };
}

/**
 * The uploaded file's bytes as stored (a .gz stays compressed: core/admin/lga-upload.ts inflates
 * it within the size limit), or undefined. The presigned POST caps what is stored at the limit.
 */
export async function readLgaUpload(uploadId: string): Promise<Buffer | undefined> {
  try {
    const result = await s3().send(new GetObjectCommand({ Bucket: feedsBucket(), Key: uploadKey(uploadId) }));
    return Buffer.from(await result.Body!.transformToByteArray());
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
    throw error;
  }
}

export async function deleteLgaUpload(uploadId: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: feedsBucket(), Key: uploadKey(uploadId) }));
}

/**
 * Writes the bundle (gzip, served with Content-Encoding), brings the LGA records in line with it,
 * and then its import record, which makes it current for every client and the server's boundaries.
 */
export async function publishLgaBundle(bundle: { features: BundleFeature[] }, lgaCount: number, timestamp: number) {
  const objectKey = `feeds/lga-data/${timestamp}.geojson`;
  const body = gzipSync(JSON.stringify(bundle));
  await s3().send(
    new PutObjectCommand({ Bucket: feedsBucket(), Key: objectKey, Body: body, ContentType: 'application/geo+json', ContentEncoding: 'gzip' }),
  );
  await syncLgaRecords(bundle.features);
  const { data } = await db().entities.lgaDataImport.create({ timestamp, objectKey, lgaCount, bytes: body.length, source: 'upload' }).go();
  forgetLgaBoundaries();
  return data;
}

/** A rollback: the older import's bundle, republished under a new timestamp (a new record), its LGA records restored. */
export async function republishImport(previous: { timestamp: number; objectKey: string; lgaCount: number; bytes?: number }, timestamp: number) {
  const bundle = (await readPublishedBundle(previous.objectKey)) as { features: BundleFeature[] };
  await syncLgaRecords(bundle.features);
  const { data } = await db()
    .entities.lgaDataImport.create({ timestamp, objectKey: previous.objectKey, lgaCount: previous.lgaCount, bytes: previous.bytes, rolledBackFrom: previous.timestamp, source: 'rollback' })
    .go();
  forgetLgaBoundaries();
  return data;
}

export async function listLgaImports(limit: number) {
  const { data } = await db().entities.lgaDataImport.query.byTimestamp({}).go({ order: 'desc', limit });
  return data;
}
