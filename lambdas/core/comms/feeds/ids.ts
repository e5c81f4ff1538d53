// The feeds' stable ids: name-based UUIDs (RFC 4122 version 5, SHA-1 of a fixed namespace and a
// name), so a road event keeps its id over the closure's lifetime and across every regeneration,
// and no two closures, regions or directions share one. WZDx recommends UUIDs for road events and
// data sources; Google's CIFS asks for an alphanumeric incident id, so it gets the same UUID
// without its hyphens.
import { createHash } from 'node:crypto';

/** This app's namespace for its feed ids (a random UUID chosen once; never change it). */
const FEED_NAMESPACE = '5d0f7c8e-3b1a-4f6e-9a2d-7c41e8b9f036';

const bytesOf = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');

/** The version 5 UUID of `name` in `namespace` (RFC 4122 section 4.3). */
export function uuidV5(namespace: string, name: string): string {
  const hash = createHash('sha1').update(bytesOf(namespace)).update(name, 'utf8').digest();
  hash[6] = (hash[6] & 0x0f) | 0x50; // version 5
  hash[8] = (hash[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The version 5 UUID of `name` in the feeds' namespace. */
export const nameBasedUuid = (name: string) => uuidV5(FEED_NAMESPACE, name);

/** The two directions of travel along a region: as the staff drew it, and the opposite way. */
export type Travel = 'as-drawn' | 'reverse';

/** A WZDx road event: one closure region in one direction of travel. */
export const wzdxRoadEventId = (closureId: string, regionId: string, travel: Travel) => nameBasedUuid(`road-event/${closureId}/${regionId}/${travel}`);

/** The WZDx data source of a feed's scope (an LGA code, or "all"). */
export const wzdxDataSourceId = (scope: string) => nameBasedUuid(`data-source/${scope}`);

/** A CIFS incident: one closure region, both directions. Letters and digits only. */
export const cifsIncidentId = (closureId: string, regionId: string) => nameBasedUuid(`incident/${closureId}/${regionId}`).replace(/-/g, '');
