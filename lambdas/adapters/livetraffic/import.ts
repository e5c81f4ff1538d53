// One import cycle of the state's hazards (every 5 minutes): ask the feed for each kind, read each
// answer defensively, place each hazard in its council and on its road, write only what changed,
// tell the councils' subscribers what opened or ended, and rewrite the public file the map reads.
// A kind that does not answer keeps its last good state; the file says how old that is.
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { Logger } from '@aws-lambda-powertools/logger';
import type { ClosureRecord } from '../../core/closures/types';
import { mergeReadings, readFeed, type FeedReading, type RefusalReason } from '../../core/livetraffic/feed';
import { HAZARD_KINDS, type HazardKind, type StateHazard } from '../../core/livetraffic/hazard';
import { placeHazard } from '../../core/livetraffic/locate';
import { planImport } from '../../core/livetraffic/plan';
import { buildStateHazardFile, STATE_FILE_KEY, type StateHazardFile } from '../../core/livetraffic/public-file';
import { plainText } from '../../core/livetraffic/text';
import { getRoadEngine, type RoadEngine } from '../../core/roads/engine';
import { allClosuresInView } from '../closures/query';
import { lgasWithClosures } from '../closures/store';
import { lgaBoundaries } from '../foundation/lga-boundaries';
import { publishEvent } from '../platform/events';
import { feedsBucket, feedsS3 } from '../platform/feeds-bucket';
import { fetchHazardKind, type KindAnswer } from './client';
import { readImport, saveImport, writeHazards, type KindHealth, type RefusedSummary } from './store';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures-livetraffic' });

/** The public file is rewritten each cycle the feed answers; edges may keep it a minute. */
const FILE_CACHE_CONTROL = 'public, max-age=60, s-maxage=60';
/** At most this many openings and endings are announced per cycle; more is a feed glitch, not news. */
export const MAX_ANNOUNCED_PER_CYCLE = 50;

export interface ImportOptions {
  fetchKind?: (kind: HazardKind) => Promise<KindAnswer>;
  kinds?: readonly HazardKind[];
  now?: number;
  engine?: RoadEngine | null;
}

export interface ImportResult {
  answered: HazardKind[];
  failed: { kind: HazardKind; reason: string }[];
  hazards: number;
  written: number;
  removed: number;
  opened: number;
  ended: number;
  refused: number;
  fileWritten: boolean;
}

function roadEngine(): RoadEngine | undefined {
  try {
    return getRoadEngine();
  } catch (error) {
    logger.error('road graph not available: state hazards stay points', { error: error as Error });
    return undefined;
  }
}

function summarise(refused: FeedReading['refused']): RefusedSummary[] {
  const byReason = new Map<RefusalReason, RefusedSummary>();
  for (const { id, reason } of refused) {
    const entry = byReason.get(reason) ?? { reason, count: 0, sampleIds: [] };
    entry.count++;
    if (id && entry.sampleIds.length < 5) entry.sampleIds.push(id);
    byReason.set(reason, entry);
  }
  return [...byReason.values()];
}

async function previousFile(): Promise<StateHazardFile | undefined> {
  try {
    const result = await feedsS3().send(new GetObjectCommand({ Bucket: feedsBucket(), Key: STATE_FILE_KEY }));
    return JSON.parse(await result.Body!.transformToString()) as StateHazardFile;
  } catch {
    return undefined;
  }
}

/** Active council closures of the councils that have both closures and state hazards. */
async function councilClosures(hazards: readonly StateHazard[], now: number): Promise<Map<string, ClosureRecord[]>> {
  const withHazards = new Set(hazards.map((h) => h.lgaCode));
  const codes = (await lgasWithClosures('ACTIVE')).filter((code) => withHazards.has(code));
  const lists = await Promise.all(codes.map(async (code) => [code, await allClosuresInView(code, 'ACTIVE', now)] as const));
  return new Map(lists);
}

export async function importStateHazards(options: ImportOptions = {}): Promise<ImportResult> {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const kinds = options.kinds ?? HAZARD_KINDS;
  const fetchKind = options.fetchKind ?? ((kind: HazardKind) => fetchHazardKind(kind));
  const [answers, previous, boundaries] = await Promise.all([Promise.all(kinds.map(fetchKind)), readImport(), lgaBoundaries()]);

  const readings: FeedReading[] = [];
  const answered = new Set<HazardKind>();
  const failed: ImportResult['failed'] = [];
  let recorded: string | undefined;
  for (const answer of answers) {
    if ('failed' in answer) {
      failed.push({ kind: answer.kind, reason: answer.failed });
      continue;
    }
    const reading = readFeed(answer.body, answer.kind);
    if ('notAFeed' in reading) {
      failed.push({ kind: answer.kind, reason: `not a hazards feed: ${reading.notAFeed}` });
      continue;
    }
    answered.add(answer.kind);
    readings.push(reading);
    // The local stand-in marks its recorded answers; the app names them as recorded data.
    recorded ??= plainText((answer.body as { recorded?: unknown }).recorded, 300);
  }

  const merged = mergeReadings(readings);
  const engine = options.engine === null ? undefined : (options.engine ?? roadEngine());
  const placed: StateHazard[] = [];
  for (const parsed of merged.hazards) {
    const hazard = placeHazard(parsed, (lng, lat) => boundaries.locator.locate(lng, lat), engine);
    if (hazard) placed.push(hazard);
    else merged.refused.push({ id: parsed.id, reason: 'outside-councils' });
  }

  const plan = planImport(previous?.manifest, placed, answered);
  await writeHazards(plan.put, plan.remove, now);

  // The public file names, per hazard, the council's closure on the same stretch (`sameAs`).
  let file: StateHazardFile | undefined;
  if (answered.size > 0) {
    const lastGoodAt = failed.length === 0 ? now : (previous?.lastGoodAt ?? 0);
    file = buildStateHazardFile(placed, await councilClosures(placed, now), lastGoodAt, recorded ?? null);
  }
  const sameAs = new Map(file?.hazards.filter((h) => h.sameAs).map((h) => [h.id, h.sameAs!]));
  // The manifest keeps it, so the hazard's end is as quiet as its opening was.
  for (const [id, closureId] of sameAs) if (plan.manifest[id]) plan.manifest[id].s = closureId;

  // Openings and endings told through the same domain events as a council's closures; one on the
  // same stretch as a council's closure says so, and its subscribers hear only the council's.
  const announcements = [
    ...plan.opened.map((h) => ({ type: 'stateHazard.opened', detail: { hazardId: h.id, lgaCode: h.lgaCode, headline: h.headline, closesRoad: h.closesRoad, ...(sameAs.has(h.id) ? { sameAs: sameAs.get(h.id) } : {}) } })),
    ...plan.ended.map((h) => ({ type: 'stateHazard.ended', detail: { hazardId: h.id, lgaCode: h.lgaCode, headline: h.headline, ...(h.sameAs ? { sameAs: h.sameAs } : {}) } })),
  ];
  if (announcements.length > MAX_ANNOUNCED_PER_CYCLE) logger.warn('too many state hazard changes to announce', { count: announcements.length });
  else for (const { type, detail } of announcements) await publishEvent(type, detail);

  let fileWritten = false;
  if (file) {
    // Hazards of kinds that did not answer (or were not asked) stay as the last file showed them.
    const everyKindAnswered = HAZARD_KINDS.every((kind) => answered.has(kind));
    const carried = everyKindAnswered ? [] : ((await previousFile())?.hazards ?? []).filter((h) => !answered.has(h.kind));
    file.hazards.push(...carried);
    await feedsS3().send(
      new PutObjectCommand({
        Bucket: feedsBucket(),
        Key: STATE_FILE_KEY,
        Body: JSON.stringify(file),
        ContentType: 'application/json; charset=utf-8',
        CacheControl: FILE_CACHE_CONTROL,
      }),
    );
    fileWritten = true;
  }

  const kindHealth: KindHealth[] = kinds.map((kind) => {
    const failure = failed.find((f) => f.kind === kind);
    const before = previous?.kinds.find((k) => k.kind === kind);
    return failure
      ? { kind, outcome: 'failed', detail: failure.reason, lastAnsweredAt: before?.lastAnsweredAt ?? null }
      : { kind, outcome: 'ok', detail: `${placed.filter((h) => h.kind === kind).length} open`, lastAnsweredAt: now };
  });
  await saveImport({
    manifest: plan.manifest,
    lastRunAt: now,
    lastGoodAt: failed.length === 0 ? now : previous?.lastGoodAt,
    kinds: kindHealth,
    refused: summarise(merged.refused),
    hazards: Object.keys(plan.manifest).length,
    ended: merged.ended.length,
    recorded: recorded ?? undefined,
  });
  const result: ImportResult = {
    answered: [...answered],
    failed,
    hazards: Object.keys(plan.manifest).length,
    written: plan.put.length,
    removed: plan.remove.length,
    opened: plan.opened.length,
    ended: plan.ended.length,
    refused: merged.refused.length,
    fileWritten,
  };
  logger.info('state hazards imported', { ...result });
  return result;
}
