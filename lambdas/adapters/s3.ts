// The media bucket: presigned POST uploads (size and type enforced by S3 itself), presigned GETs
// for reading, and the thumbnail handler's object access. Locally S3_ENDPOINT points at s3rver;
// path-style URLs keep the presigned addresses reachable from a browser on 127.0.0.1.
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

let client: S3Client | undefined;

export function s3(): S3Client {
  const endpoint = process.env.S3_ENDPOINT;
  client ??= new S3Client({
    region: process.env.AWS_REGION ?? 'ap-southeast-2',
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
  });
  return client;
}

export function mediaBucket(): string {
  const bucket = process.env.MEDIA_BUCKET;
  if (!bucket) throw new Error('MEDIA_BUCKET is not set');
  return bucket;
}

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

export async function presignUpload(key: string, contentType: string, maxBytes: number, expiresSeconds: number): Promise<PresignedUpload> {
  return createPresignedPost(s3(), {
    Bucket: mediaBucket(),
    Key: key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['starts-with', '$Content-Type', 'image/'],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: expiresSeconds,
  });
}

export function presignDownload(key: string, expiresSeconds: number): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: mediaBucket(), Key: key }), { expiresIn: expiresSeconds });
}

export async function readObject(bucket: string, key: string): Promise<{ body: Uint8Array; contentType?: string }> {
  const result = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return { body: await result.Body!.transformToByteArray(), contentType: result.ContentType };
}

export async function writeObject(bucket: string, key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
}

export async function deleteObjects(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await s3().send(new DeleteObjectsCommand({ Bucket: mediaBucket(), Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
}
