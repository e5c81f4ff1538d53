// scripts/seed-aws.ts without AWS: its options, the outputs it reads, and the S3 client that
// moves the local seed's feeds writes to the stack's bucket (checked on the signed request).
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { BUCKETS } from '../../local/s3';
import { feedsBucketClient, outputsFromFile, parseOptions } from '../../scripts/seed-aws';

describe('seed-aws options', () => {
  it('seeds the dev stack by default and names its stack', () => {
    expect(parseOptions([])).toEqual({ stage: 'dev', stackName: 'RoadClosures-dev', outputsFile: undefined, demo: false });
    expect(parseOptions(['--stage', 'demo', '--demo', '--outputs', 'cdk-outputs.json'])).toEqual({
      stage: 'demo',
      stackName: 'RoadClosures-demo',
      outputsFile: 'cdk-outputs.json',
      demo: true,
    });
  });

  it('refuses demo closures on prod, odd stage names and unknown flags', () => {
    expect(() => parseOptions(['--stage', 'prod', '--demo'])).toThrow(/prod/);
    expect(() => parseOptions(['--stage', 'Prod'])).toThrow(/--stage/);
    expect(() => parseOptions(['--yes'])).toThrow();
  });
});

describe('stack outputs from cdk deploy --outputs-file', () => {
  const outputs = { TableName: 't', FeedsBucketName: 'f', EventsTopicArn: 'arn:aws:sns:ap-southeast-2:1:e', Region: 'ap-southeast-2' };

  it("picks the stage's stack", () => {
    expect(outputsFromFile({ 'RoadClosures-prod': {}, 'RoadClosures-dev': outputs }, 'RoadClosures-dev')).toEqual(outputs);
  });

  it('names what is missing', () => {
    expect(() => outputsFromFile({ 'RoadClosures-prod': outputs }, 'RoadClosures-dev')).toThrow(/no stack RoadClosures-dev.*RoadClosures-prod/);
    expect(() => outputsFromFile({ 'RoadClosures-dev': { TableName: 't' } }, 'RoadClosures-dev')).toThrow(/FeedsBucketName, EventsTopicArn/);
  });
});

describe('feeds bucket client', () => {
  /** An S3 client that signs with fixed credentials and records requests instead of sending them. */
  function recordingClient(sent: { hostname: string; path: string }[]): S3Client {
    return new S3Client({
      region: 'ap-southeast-2',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      requestHandler: {
        handle: async (request: { hostname: string; path: string }) => {
          sent.push({ hostname: request.hostname, path: request.path });
          return { response: { statusCode: 200, headers: {}, body: undefined } };
        },
      } as never,
    });
  }

  it("sends the local seed's feeds writes to the stack's bucket, keys unchanged", async () => {
    const sent: { hostname: string; path: string }[] = [];
    const client = feedsBucketClient(BUCKETS.feeds, 'roadclosures-dev-mediafeeds-abc123', recordingClient(sent));
    await client.send(new PutObjectCommand({ Bucket: BUCKETS.feeds, Key: 'feeds/lga-data/1700000000.geojson', Body: 'x' }));
    await client.send(new PutObjectCommand({ Bucket: 'another-bucket', Key: 'k', Body: 'x' }));
    expect(sent).toEqual([
      { hostname: 'roadclosures-dev-mediafeeds-abc123.s3.ap-southeast-2.amazonaws.com', path: '/feeds/lga-data/1700000000.geojson' },
      { hostname: 'another-bucket.s3.ap-southeast-2.amazonaws.com', path: '/k' },
    ]);
  });
});
