// The low-bandwidth closures pages (/text, /text/{lgaCode}) read from the table: a council's
// active closures, its unsealed-road status and the state's hazards in it, or the list of councils. Queries only; the
// rendering is core's (lambdas/core/text-page.ts).
import { currentUnsealedAnnouncement } from '../announcements/store';
import { lgasWithClosures, readViewCounters } from '../closures/store';
import { activeClosuresOf } from '../closures/query';
import { getLga, listLgas } from '../foundation/lgas';
import { hazardsOfLga, readImport } from '../livetraffic/store';
import { renderTextIndex, renderTextNotFound, renderTextPage, unsealedLineOf, type TextRoute } from '../../core/text-page';

export interface TextPageResponse {
  status: 200 | 404;
  html: string;
}

async function councilPage(lgaCode: string, now: number): Promise<TextPageResponse> {
  const [lga, closures, announcement, hazards, stateImport] = await Promise.all([
    getLga(lgaCode),
    activeClosuresOf(lgaCode, now),
    currentUnsealedAnnouncement(lgaCode),
    hazardsOfLga(lgaCode),
    readImport(),
  ]);
  if (!lga) return { status: 404, html: renderTextNotFound() };
  const state = { hazards, recorded: stateImport?.recorded, lastGoodAt: stateImport?.lastGoodAt };
  return { status: 200, html: renderTextPage({ lgaCode, lgaName: lga.name, closures, unsealed: unsealedLineOf(announcement), state, generatedAt: now }) };
}

async function councilIndex(now: number): Promise<TextPageResponse> {
  const [lgas, withClosures] = await Promise.all([listLgas(), lgasWithClosures('ACTIVE')]);
  const counts = await Promise.all(withClosures.map(async (code) => [code, (await readViewCounters(code, ['ACTIVE'])).ACTIVE ?? 0] as const));
  const active = new Map(counts);
  const councils = lgas.map((lga) => ({ code: lga.code, name: lga.name, activeClosures: active.get(lga.code) ?? 0 }));
  return { status: 200, html: renderTextIndex(councils, now) };
}

export async function textPage(route: TextRoute, now = Math.floor(Date.now() / 1000)): Promise<TextPageResponse> {
  if (route.kind === 'index') return councilIndex(now);
  if (route.kind === 'lga') return councilPage(route.lgaCode, now);
  return { status: 404, html: renderTextNotFound() };
}
