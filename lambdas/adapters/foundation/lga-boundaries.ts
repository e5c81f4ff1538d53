// The LGA boundaries the server checks against ("a closure must lie within its LGA", the LGA of a
// report): the bundle of the newest import an administrator published or rolled back to, read
// from the feeds bucket; until there is one, the ABS file deployed with the function. Each
// process checks the newest import at most every LGA_BOUNDARIES_CHECK_MS and reloads on a change.
import { Logger } from '@aws-lambda-powertools/logger';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { gunzipSync } from 'node:zlib';
import { areasFromGeoJSON, bundledLgaAreas, createLgaLocator, type LgaArea, type LgaLocator } from '../../core/lga-locate';
import { feedsBucket, feedsS3 } from '../platform/feeds-bucket';
import { latestLgaDataImport } from './lgas';

export interface LgaBoundaries {
  locator: LgaLocator;
  area(code: string): LgaArea | undefined;
}

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures' });
const checkEveryMs = () => Number(process.env.LGA_BOUNDARIES_CHECK_MS ?? 30_000);

function boundariesOf(areas: LgaArea[]): LgaBoundaries {
  const byCode = new Map(areas.map((a) => [a.code, a]));
  return { locator: createLgaLocator(areas), area: (code) => byCode.get(code) };
}

/** A published bundle (gzip JSON) from the feeds bucket. */
export async function readPublishedBundle(objectKey: string): Promise<{ type: 'FeatureCollection'; features: unknown[] }> {
  const result = await feedsS3().send(new GetObjectCommand({ Bucket: feedsBucket(), Key: objectKey }));
  const body = Buffer.from(await result.Body!.transformToByteArray());
  return JSON.parse((body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body) : body).toString('utf8'));
}

/** undefined: the deployed file. */
let loadedKey: string | undefined;
let loaded: LgaBoundaries | undefined;
let checkedAt = 0;
let pending: Promise<LgaBoundaries> | undefined;

async function refresh(): Promise<LgaBoundaries> {
  const latest = await latestLgaDataImport();
  // The first-start seed is the deployed ABS file; only a publish or a rollback replaces it.
  const wanted = latest?.source === 'upload' || latest?.source === 'rollback' ? latest.objectKey : undefined;
  if (loaded && wanted === loadedKey) return loaded;
  if (wanted === undefined) {
    loaded = boundariesOf(bundledLgaAreas());
  } else {
    try {
      loaded = boundariesOf(areasFromGeoJSON((await readPublishedBundle(wanted)) as never));
    } catch (error) {
      // A bundle that cannot be read leaves the boundaries the process has (or the deployed file).
      logger.error('published LGA boundaries could not be read', { objectKey: wanted, error: error as Error });
      loaded ??= boundariesOf(bundledLgaAreas());
      return loaded;
    }
  }
  loadedKey = wanted;
  return loaded;
}

export async function lgaBoundaries(): Promise<LgaBoundaries> {
  if (loaded && Date.now() - checkedAt < checkEveryMs()) return loaded;
  pending ??= refresh().finally(() => {
    checkedAt = Date.now();
    pending = undefined;
  });
  return pending;
}

/** After a publish or rollback in this process: the next check reads the newest import at once. */
export function forgetLgaBoundaries(): void {
  checkedAt = 0;
}
