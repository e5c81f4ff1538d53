// s3rver stands in for S3: the media bucket (browser uploads, so CORS) and the feeds bucket
// (the LGA data bundle). Objects live on disk under the stack's data folder.
import { S3Client } from '@aws-sdk/client-s3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';

export const BUCKETS = { media: 'road-closures-media', feeds: 'road-closures-feeds' } as const;

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface LocalS3 {
  server: S3rver;
  /** Lets handlers subscribe to object events (thumbnails on upload, as S3 notifications do). */
  onObjectCreated(listener: (bucket: string, key: string) => void): void;
  close(): Promise<void>;
}

export async function startS3(dataDir: string, port: number): Promise<LocalS3> {
  const directory = path.join(dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: Object.values(BUCKETS).map((name) => ({ name, configs: [CORS] })),
  });
  await server.run();
  const listeners: ((bucket: string, key: string) => void)[] = [];
  server.on('event', (event: { Records: { eventName: string; s3: { bucket: { name: string }; object: { key: string } } }[] }) => {
    for (const record of event.Records) {
      if (!record.eventName.startsWith('ObjectCreated')) continue;
      for (const listener of listeners) listener(record.s3.bucket.name, decodeURIComponent(record.s3.object.key));
    }
  });
  return {
    server,
    onObjectCreated: (listener) => listeners.push(listener),
    close: () => server.close(),
  };
}

export function localS3Client(port: number): S3Client {
  return new S3Client({
    region: 'ap-southeast-2',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}
