// One import cycle's decisions: which state hazards to write (new or changed, by id and content
// hash), which to remove (the state ended them or stopped listing them), and which openings and
// endings to tell a council's subscribers. A kind the feed did not answer this cycle keeps its
// hazards as they were: an outage of the feed never reads as the state ending everything.
import type { HazardKind, StateHazard } from './hazard';

/** What the last import left, per hazard id: kept in one item, so a cycle reads it once. */
export interface ManifestEntry {
  /** Content hash. */
  h: string;
  /** Council (LGA code). */
  l: string;
  k: HazardKind;
  /** The headline, for telling subscribers it ended after the record is gone. */
  t: string;
  /** Closes the road. */
  c?: 1;
  /** The council's closure on the same stretch, when it had one (its subscribers hear the council's). */
  s?: string;
}
export type Manifest = Record<string, ManifestEntry>;

export interface ImportPlan {
  put: StateHazard[];
  remove: { id: string; lgaCode: string }[];
  opened: StateHazard[];
  ended: { id: string; lgaCode: string; headline: string; sameAs?: string }[];
  manifest: Manifest;
}

export const manifestEntryOf = (h: StateHazard): ManifestEntry => ({ h: h.hash, l: h.lgaCode, k: h.kind, t: h.headline.slice(0, 160), ...(h.closesRoad ? { c: 1 } : {}) });

/**
 * `answered` are the kinds whose feed answered this cycle; `current` the hazards they hold.
 * With no previous manifest (the first import), nothing is announced: every hazard would be news.
 */
export function planImport(previous: Manifest | undefined, current: readonly StateHazard[], answered: ReadonlySet<HazardKind>): ImportPlan {
  const before = previous ?? {};
  const manifest: Manifest = {};
  const plan: ImportPlan = { put: [], remove: [], opened: [], ended: [], manifest };
  for (const [id, entry] of Object.entries(before)) if (!answered.has(entry.k)) manifest[id] = entry;
  for (const hazard of current) {
    if (!answered.has(hazard.kind) || manifest[hazard.id]) continue;
    const was = before[hazard.id];
    manifest[hazard.id] = manifestEntryOf(hazard);
    if (was && was.h === hazard.hash && was.l === hazard.lgaCode) continue;
    plan.put.push(hazard);
    // Moved to another council (the state moved its point): the old record goes.
    if (was && was.l !== hazard.lgaCode) plan.remove.push({ id: hazard.id, lgaCode: was.l });
    if (!was && previous) plan.opened.push(hazard);
  }
  for (const [id, was] of Object.entries(before)) {
    if (!answered.has(was.k) || manifest[id]) continue;
    plan.remove.push({ id, lgaCode: was.l });
    plan.ended.push({ id, lgaCode: was.l, headline: was.t, ...(was.s ? { sameAs: was.s } : {}) });
  }
  return plan;
}
