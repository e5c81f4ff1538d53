// The all-LGA feeds' parts: each LGA's live closures (active, and scheduled ones, which join the
// feeds once their start passes), written to the feeds bucket beside the LGA's own feeds whenever
// those are rewritten. The all-LGA feeds are put together from these parts, so one closure change
// reads the other LGAs' parts (one S3 read each, a few at a time) instead of querying every LGA's
// closures again; an LGA with live closures but no part yet (written before parts existed) is
// read from the table. Private: under `feed-parts/`, outside the `feeds/` paths CloudFront serves.
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { ClosureRecord } from '../../core/closures/types';
import { feedsBucket, feedsS3 } from '../platform/feeds-bucket';

const PREFIX = 'feed-parts/';
const partKey = (lgaCode: string) => `${PREFIX}${lgaCode}.json`;

interface FeedPart {
  lgaCode: string;
  closures: ClosureRecord[];
}

/** Keeps the LGA's part: its active and scheduled closures; an LGA without any has no part. */
export async function writeFeedPart(lgaCode: string, closures: ClosureRecord[]): Promise<void> {
  const live = closures.filter((c) => c.view === 'ACTIVE' || c.view === 'SCHEDULED');
  if (live.length === 0) {
    await feedsS3().send(new DeleteObjectCommand({ Bucket: feedsBucket(), Key: partKey(lgaCode) }));
    return;
  }
  const part: FeedPart = { lgaCode, closures: live };
  await feedsS3().send(
    new PutObjectCommand({ Bucket: feedsBucket(), Key: partKey(lgaCode), Body: JSON.stringify(part), ContentType: 'application/json; charset=utf-8' }),
  );
}

/** The LGA's live closures as its last regeneration left them; undefined when it has no part. */
export async function readFeedPart(lgaCode: string): Promise<ClosureRecord[] | undefined> {
  try {
    const object = await feedsS3().send(new GetObjectCommand({ Bucket: feedsBucket(), Key: partKey(lgaCode) }));
    const part = JSON.parse(await object.Body!.transformToString()) as FeedPart;
    return part.closures;
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}
