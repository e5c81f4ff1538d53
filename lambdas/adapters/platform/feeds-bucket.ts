// The feeds bucket (open feeds, LGA boundaries bundles) with its own S3 client, so a Lambda that
// writes feeds reaches that bucket and nothing of the media bucket (lambdas/adapters/media/bucket.ts).
import { S3Client } from '@aws-sdk/client-s3';
import { clientPerEndpoint } from './client-per-endpoint';

export const feedsS3: () => S3Client = clientPerEndpoint(
  () => process.env.S3_ENDPOINT,
  (endpoint) => new S3Client({ region: process.env.AWS_REGION ?? 'ap-southeast-2', ...(endpoint ? { endpoint, forcePathStyle: true } : {}) }),
);

export function feedsBucket(): string {
  const bucket = process.env.FEEDS_BUCKET;
  if (!bucket) throw new Error('FEEDS_BUCKET is not set');
  return bucket;
}
