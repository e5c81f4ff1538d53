// Writes the open feeds of an LGA and of all LGAs to the feeds bucket (served by CloudFront under
// /feeds/*, locally by the web server). Cache-Control is set per object; S3 gives the ETag.
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { ClosureRecord } from '../../core/closures/types';
import { feedFiles } from '../../core/comms/feeds';
import { activeClosuresOf } from '../closures-query';
import { lgasWithClosures } from '../closures';
import { db } from '../db/db';
import { getLga } from '../lgas';
import { feedsBucket, feedsS3 as feedsClient } from '../feeds-bucket';

/** Short enough that a closure shows up within a minute; feeds are rewritten on every change. */
export const FEED_CACHE_CONTROL = 'public, max-age=60, must-revalidate';
export const ALL_SCOPE = 'all';



const GENERATION_COUNTER = 'feeds_generation';

/** Each regeneration of a scope takes a number; only the newest one writes (see writeScope). */
async function nextGeneration(scope: string): Promise<number> {
  const { data } = await db().entities.counter.update({ name: GENERATION_COUNTER, scope }).add({ count: 1 }).go({ response: 'all_new' });
  return data.count ?? 0;
}

async function isNewest(scope: string, generation: number): Promise<boolean> {
  const { data } = await db().entities.counter.get({ name: GENERATION_COUNTER, scope }).go({ consistent: true });
  return (data?.count ?? 0) <= generation;
}

/**
 * Writes a scope's three files unless a later change started its own regeneration meanwhile:
 * consumers run in parallel, and an older, slower run must not overwrite a newer feed.
 */
async function writeScope(scope: string, generation: number, publisher: string, closures: ClosureRecord[], now: number): Promise<boolean> {
  if (!(await isNewest(scope, generation))) return false;
  const siteUrl = process.env.SITE_URL ?? '';
  await Promise.all(
    feedFiles(closures, { scope, publisher, siteUrl, now }).map((file) =>
      feedsClient().send(
        new PutObjectCommand({
          Bucket: feedsBucket(),
          Key: file.key,
          Body: file.body,
          ContentType: `${file.contentType}; charset=utf-8`,
          CacheControl: FEED_CACHE_CONTROL,
        }),
      ),
    ),
  );
  return true;
}

/** Regenerates the LGA's three files and the all-LGA files (a closure change touches both). */
export async function regenerateFeeds(lgaCode: string, now = Math.floor(Date.now() / 1000)): Promise<{ lga: number; all: number }> {
  const [lgaGeneration, allGeneration] = await Promise.all([nextGeneration(lgaCode), nextGeneration(ALL_SCOPE)]);
  const lga = await getLga(lgaCode);
  const own = await activeClosuresOf(lgaCode, now);
  await writeScope(lgaCode, lgaGeneration, lga?.name ?? `LGA ${lgaCode}`, own, now);
  const codes = new Set([...(await lgasWithClosures('ACTIVE')), ...(await lgasWithClosures('SCHEDULED'))]);
  codes.delete(lgaCode);
  const others = await Promise.all([...codes].map((code) => activeClosuresOf(code, now)));
  const all = [...own, ...others.flat()];
  await writeScope(ALL_SCOPE, allGeneration, 'Road Closures', all, now);
  return { lga: own.length, all: all.length };
}
