// Writes the open feeds of an LGA and of all LGAs, and the public map's per-LGA file, to the feeds
// bucket (served by CloudFront under /feeds/*, locally by the web server). Cache-Control is set
// per object; S3 gives the ETag.
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { ClosureRecord } from '../../core/closures/types';
import { closuresInFeeds, feedFiles } from '../../core/comms/feeds';
import { buildMapFile, mapFileKey } from '../../core/comms/map-file';
import { activeClosuresOf, allClosuresInView } from '../closures/query';
import { lgasWithClosures } from '../closures/store';
import { db } from '../db/db';
import { getLga } from '../foundation/lgas';
import { feedsBucket, feedsS3 as feedsClient } from '../platform/feeds-bucket';
import { readFeedPart, writeFeedPart } from './feed-parts';

/** Short enough that a closure shows up within a minute; feeds are rewritten on every change. */
export const FEED_CACHE_CONTROL = 'public, max-age=60, must-revalidate';
export const ALL_SCOPE = 'all';
/**
 * The public map's file: browsers revalidate on every load (a 304 from the edge), CloudFront keeps
 * it 10 s, so a storm of visitors costs the bucket one read per edge location every 10 s. Changes
 * in between reach open maps through the realtime subscription.
 */
export const MAP_FILE_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, must-revalidate';

const activeOf = closuresInFeeds;

/** Everything a map may show of an LGA: its ACTIVE, SCHEDULED and RECENTLY_OPENED lists. */
async function mapClosuresOf(lgaCode: string, now: number): Promise<ClosureRecord[]> {
  const views = await Promise.all((['ACTIVE', 'SCHEDULED', 'RECENTLY_OPENED'] as const).map((view) => allClosuresInView(lgaCode, view, now)));
  return views.flat();
}

const GENERATION_COUNTER = 'feeds_generation';
const PART_READS_AT_ONCE = 16;

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
async function writeScope(
  scope: string,
  generation: number,
  publisher: string,
  closures: ClosureRecord[],
  now: number,
  mapFile?: { key: string; body: string },
): Promise<boolean> {
  if (!(await isNewest(scope, generation))) return false;
  const siteUrl = process.env.SITE_URL ?? '';
  const files = feedFiles(closures, { scope, publisher, siteUrl, now }).map((file) => ({ ...file, cacheControl: FEED_CACHE_CONTROL }));
  if (mapFile) files.push({ ...mapFile, contentType: 'application/json', cacheControl: MAP_FILE_CACHE_CONTROL });
  await Promise.all(
    files.map((file) =>
      feedsClient().send(
        new PutObjectCommand({
          Bucket: feedsBucket(),
          Key: file.key,
          Body: file.body,
          ContentType: `${file.contentType}; charset=utf-8`,
          CacheControl: file.cacheControl,
        }),
      ),
    ),
  );
  return true;
}

/** Regenerates one LGA's three feeds and its map file; returns its active closures. */
async function regenerateLga(lgaCode: string, now: number): Promise<ClosureRecord[]> {
  const generation = await nextGeneration(lgaCode);
  const lga = await getLga(lgaCode);
  const shown = await mapClosuresOf(lgaCode, now);
  const own = activeOf(shown, now);
  const mapFile = { key: mapFileKey(lgaCode), body: JSON.stringify(buildMapFile(lgaCode, shown, now)) };
  // Only the newest regeneration of the LGA leaves its part for the all-LGA feeds.
  if (await writeScope(lgaCode, generation, lga?.name ?? `LGA ${lgaCode}`, own, now, mapFile)) await writeFeedPart(lgaCode, shown);
  return own;
}

/** An LGA's active closures for the all-LGA feeds: from its part, else (no part yet) from the table. */
async function liveClosuresOf(lgaCode: string, now: number): Promise<ClosureRecord[]> {
  const part = await readFeedPart(lgaCode);
  return part ? activeOf(part, now) : activeClosuresOf(lgaCode, now);
}

/**
 * Rebuilds the all-LGA feeds of every LGA with active or scheduled closures (the view counters
 * say which), each from what its own last regeneration wrote: the changed LGA's closures are
 * `known`, the others' come from their parts.
 */
async function regenerateAll(now: number, known: Map<string, ClosureRecord[]> = new Map()): Promise<number> {
  const generation = await nextGeneration(ALL_SCOPE);
  const [active, scheduled] = await Promise.all([lgasWithClosures('ACTIVE'), lgasWithClosures('SCHEDULED')]);
  const codes = [...new Set([...active, ...scheduled])].sort();
  const all: ClosureRecord[][] = new Array(codes.length);
  // A few reads at a time: a burst of hundreds of parallel reads only queues in the HTTP agent.
  let next = 0;
  const reader = async () => {
    for (let i = next++; i < codes.length; i = next++) all[i] = known.get(codes[i]) ?? (await liveClosuresOf(codes[i], now));
  };
  await Promise.all(Array.from({ length: PART_READS_AT_ONCE }, reader));
  await writeScope(ALL_SCOPE, generation, 'Road Closures', all.flat(), now);
  return all.flat().length;
}

/** Regenerates the LGA's files and the all-LGA files (a closure change touches both). */
export async function regenerateFeeds(lgaCode: string, now = Math.floor(Date.now() / 1000)): Promise<{ lga: number; all: number }> {
  const own = await regenerateLga(lgaCode, now);
  const all = await regenerateAll(now, new Map([[lgaCode, own]]));
  return { lga: own.length, all };
}

/**
 * Writes the files of every LGA with closures on the map (at start-up and after a seed), so the
 * public map's file exists before the LGA's first closure change; `alsoLgas` get theirs too (the
 * AWS seed passes every LGA: CloudFront has no "known LGA, no file yet" answer).
 */
export async function regenerateEveryLgaFeeds(now = Math.floor(Date.now() / 1000), alsoLgas: string[] = []): Promise<string[]> {
  const withClosures = (await Promise.all(['ACTIVE', 'SCHEDULED', 'RECENTLY_OPENED'].map(lgasWithClosures))).flat();
  const codes = [...new Set([...withClosures, ...alsoLgas])].sort();
  const known = new Map<string, ClosureRecord[]>();
  for (const code of codes) known.set(code, await regenerateLga(code, now));
  await regenerateAll(now, known);
  return codes;
}
