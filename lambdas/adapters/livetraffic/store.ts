// The state's hazards in the table: written and removed in batches (only what changed), the
// import's manifest and health in one item, and the hazards that close a road for directions.
import { db } from '../db/db';
import { STATE_SOURCE, type HazardKind, type StateHazard } from '../../core/livetraffic/hazard';
import type { Manifest } from '../../core/livetraffic/plan';
import type { RefusalReason } from '../../core/livetraffic/feed';

export interface KindHealth {
  kind: HazardKind;
  outcome: 'ok' | 'failed';
  detail: string;
  /** Unix seconds this kind last answered. */
  lastAnsweredAt: number | null;
}

export interface RefusedSummary {
  reason: RefusalReason;
  count: number;
  sampleIds: string[];
}

export interface StateFeedImport {
  manifest: Manifest;
  lastRunAt: number;
  lastGoodAt?: number;
  kinds: KindHealth[];
  refused: RefusedSummary[];
  hazards: number;
  ended: number;
  recorded?: string;
}

export async function readImport(): Promise<StateFeedImport | undefined> {
  const { data } = await db().entities.stateFeedImport.get({ source: STATE_SOURCE }).go();
  if (!data) return undefined;
  return {
    manifest: data.manifest as Manifest,
    lastRunAt: data.lastRunAt,
    lastGoodAt: data.lastGoodAt,
    kinds: data.kinds as KindHealth[],
    refused: data.refused as RefusedSummary[],
    hazards: data.hazards,
    ended: data.ended,
    recorded: data.recorded,
  };
}

export async function saveImport(state: StateFeedImport): Promise<void> {
  await db()
    .entities.stateFeedImport.put({ source: STATE_SOURCE, ...state })
    .go({ response: 'none' });
}

/** Batch writes of 25: the changed hazards in, the ended ones out. */
export async function writeHazards(put: readonly StateHazard[], remove: readonly { id: string; lgaCode: string }[], now: number): Promise<void> {
  if (put.length) {
    const { unprocessed } = await db()
      .entities.stateHazard.put(
        put.map((h) => ({
          lgaCode: h.lgaCode,
          source: STATE_SOURCE,
          id: h.id,
          traffic: h.closesRoad ? ('CLOSED' as const) : ('OPEN' as const),
          hash: h.hash,
          hazard: h,
          importedAt: now,
        })),
      )
      .go();
    if (unprocessed.length) throw new Error(`${unprocessed.length} state hazards were not written`);
  }
  if (remove.length) {
    const { unprocessed } = await db()
      .entities.stateHazard.delete(remove.map((r) => ({ lgaCode: r.lgaCode, source: STATE_SOURCE, id: r.id })))
      .go();
    if (unprocessed.length) throw new Error(`${unprocessed.length} ended state hazards were not removed`);
  }
}

/** Every state hazard that closes a road now (a few at most): one query of a small index partition. */
export async function roadClosingHazards(): Promise<StateHazard[]> {
  const { data } = await db().entities.stateHazard.query.byTraffic({ source: STATE_SOURCE, traffic: 'CLOSED' }).go({ pages: 'all' });
  return data.map((item) => item.hazard as StateHazard);
}

/** One council's state hazards. */
export async function hazardsOfLga(lgaCode: string): Promise<StateHazard[]> {
  const { data } = await db().entities.stateHazard.query.byLga({ lgaCode, source: STATE_SOURCE }).go({ pages: 'all' });
  return data.map((item) => item.hazard as StateHazard);
}
