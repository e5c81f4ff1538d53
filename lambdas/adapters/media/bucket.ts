// The media bucket: presigned POST uploads (size and type enforced by S3 itself), presigned GETs
// for reading, and the thumbnail handler's object access. Locally S3_ENDPOINT points at s3rver;
// path-style URLs keep the presigned addresses reachable from a browser on 127.0.0.1.
import { DeleteObjectsCommand, DeleteObjectTaggingCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { clientPerEndpoint } from '../platform/client-per-endpoint';

export const s3: () => S3Client = clientPerEndpoint(
  () => process.env.S3_ENDPOINT,
  (endpoint) => new S3Client({ region: process.env.AWS_REGION ?? 'ap-southeast-2', ...(endpoint ? { endpoint, forcePathStyle: true } : {}) }),
);

export function mediaBucket(): string {
  const bucket = process.env.MEDIA_BUCKET;
  if (!bucket) throw new Error('MEDIA_BUCKET is not set');
  return bucket;
}

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

/** S3's tagging XML for a POST upload or a PUT: `{ unattached: 'true' }` → <Tagging>…</Tagging>. */
export function taggingXml(tags: Record<string, string>): string {
  const set = Object.entries(tags).map(([k, v]) => `<Tag><Key>${k}</Key><Value>${v}</Value></Tag>`).join('');
  return `<Tagging><TagSet>${set}</TagSet></Tagging>`;
}

export async function presignUpload(key: string, contentType: string, maxBytes: number, expiresSeconds: number, tags?: Record<string, string>): Promise<PresignedUpload> {
  return createPresignedPost(s3(), {
    Bucket: mediaBucket(),
    Key: key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['starts-with', '$Content-Type', 'image/'],
    ],
    Fields: { 'Content-Type': contentType, ...(tags ? { tagging: taggingXml(tags) } : {}) },
    Expires: expiresSeconds,
  });
}

/** A presigned GET; with a file name, the browser saves the object under it (a claim pack, a zip of originals) instead of showing it. */
export function presignDownload(key: string, expiresSeconds: number, fileName?: string): Promise<string> {
  const disposition = fileName ? { ResponseContentDisposition: `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"` } : {};
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: mediaBucket(), Key: key, ...disposition }), { expiresIn: expiresSeconds });
}

export async function readObject(bucket: string, key: string): Promise<{ body: Uint8Array; contentType?: string }> {
  const result = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return { body: await result.Body!.transformToByteArray(), contentType: result.ContentType };
}

export async function writeObject(bucket: string, key: string, body: Uint8Array, contentType: string, tags?: Record<string, string>): Promise<void> {
  const Tagging = tags ? new URLSearchParams(tags).toString() : undefined;
  await s3().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, ...(Tagging ? { Tagging } : {}) }));
}

export async function untagObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectTaggingCommand({ Bucket: mediaBucket(), Key: key }));
}

export async function deleteObjects(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await s3().send(new DeleteObjectsCommand({ Bucket: mediaBucket(), Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
}
