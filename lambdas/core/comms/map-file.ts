// The public map's per-LGA file (feeds/{lga}/map.json): every closure of the LGA a map may show,
// in the same shape as the map's GraphQL fields, so the public map and the embed load an LGA from
// CloudFront instead of the API. Pure: the communications consumer reads and writes it.
import { publicClosureFields } from '../closures/public-fields';
import type { ClosureRecord } from '../closures/types';

/** Public path and bucket key of an LGA's map file. */
export const mapFileKey = (lgaCode: string) => `feeds/${lgaCode}/map.json`;
export const MAP_FILE_PATTERN = /^feeds\/(\d{5})\/map\.json$/;

/** What the map draws of one closure: the fields of the map's GraphQL selection. */
export const mapClosureOf = (c: ClosureRecord, now: number) => publicClosureFields(c, now);

export type MapFileClosure = ReturnType<typeof mapClosureOf>;

export interface MapFile {
  lgaCode: string;
  /** ISO time the file was written. */
  generated: string;
  closures: MapFileClosure[];
}

/**
 * The LGA's active, scheduled and recently reopened closures, newest change first. Scheduled ones
 * and reopened ones are in the file so it stays right as time passes without a rewrite: the map
 * shows a scheduled closure once its start has passed and hides a reopened one after 24 hours.
 */
export function buildMapFile(lgaCode: string, closures: ClosureRecord[], now: number): MapFile {
  const shown = closures
    .filter((c) => c.lgaCode === lgaCode && c.deletedAt === undefined && c.archivedAt === undefined)
    .sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id));
  return { lgaCode, generated: new Date(now * 1000).toISOString(), closures: shown.map((c) => mapClosureOf(c, now)) };
}

/** What a known LGA without a file yet answers: no closures. */
export const emptyMapFile = (lgaCode: string, now: number): MapFile => ({ lgaCode, generated: new Date(now * 1000).toISOString(), closures: [] });
