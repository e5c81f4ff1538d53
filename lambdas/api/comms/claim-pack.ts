// claimPack: the claim pack of a disaster event as one zip (docs/drfa.md#the-claim-pack), built
// here from the event's tagged closures (deleted ones kept and marked), their periods in effect,
// activity, road segments, works entries and original photos with their register, stored for an hour and handed back as a download
// link. The council's staff get it whatever the subscription's state: records are kept 7 years.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { field } from '../resolver';
import { closureTypeOf } from '../../core/closures/types';
import { roadAndLocality } from '../../core/comms/tasks';
import { timeZoneOfLga } from '../../core/council-time';
import { evidenceLocation, evidenceTimes } from '../../core/comms/evidence';
import { EVENT_READERS, eventId, requireAnyOf } from '../../core/drfa/events';
import type { PackParts } from '../../core/drfa/claim-pack';
import { eventTotals, type PackData, type Register } from '../../core/drfa/pack-registers';
import { PHOTO_REGISTER_COLUMNS, photoRegisterRows } from '../../core/drfa/photo-register';
import type { ClosureRecord } from '../../core/closures/types';
import { listCouncilOriginals, readOriginal, uploaderNames } from '../../adapters/drfa/photo-originals';
import { MAX_ARCHIVE_BYTES, MAX_ARCHIVE_PHOTOS } from './photos';
import { createdWith } from './evidence';
import { getClosures, listActivities } from '../../adapters/closures/store';
import { loadEvent, taggedClosureIds, type DisasterEventRecord } from '../../adapters/drfa/events';
import { entriesOf, segmentsOf } from '../../adapters/drfa/works';
import { getLga } from '../../adapters/foundation/lgas';
import { mediaBucket, presignDownload, writeObject } from '../../adapters/media/bucket';

/** How long the download link (and the stored zip: a lifecycle rule removes claim-packs/ after a day) lasts. */
const LINK_SECONDS = 3600;
/** Where packs are kept until downloaded: private, the media bucket's claim-packs/ prefix. */
export const CLAIM_PACK_PREFIX = 'claim-packs/';
/** The originals' folder in the pack; the photo register names each file by its path there. */
const PACK_PHOTOS_FOLDER = 'photos/';

/** Everything the pack says about the event, read now. */
export async function packDataOf(event: DisasterEventRecord, now: number): Promise<{ data: PackData; closures: ClosureRecord[] }> {
  const ids = await taggedClosureIds(event.lgaCode, event.id);
  const [closures, segments, entries, lga] = await Promise.all([getClosures(ids), segmentsOf(event.lgaCode), entriesOf(event.lgaCode), getLga(event.lgaCode)]);
  const tagged = new Set(ids);
  const packed = await Promise.all(
    closures.map(async (c) => {
      const activities = (await listActivities(c.id, 1000)).reverse();
      const times = evidenceTimes(c, now, c.periods ? undefined : createdWith(activities));
      const location = evidenceLocation(c);
      const { road, locality } = roadAndLocality(c);
      const segment = segments.get(c.id);
      return {
        id: c.id,
        typeText: closureTypeOf(c.type).text,
        condition: c.condition,
        road: road ?? null,
        locality: locality ?? null,
        address: c.formattedAddress ?? null,
        reason: c.reason ?? null,
        detour: c.detour ?? null,
        ...location,
        periods: times.periods,
        firstClosed: times.firstClosed,
        closedUntil: times.closedUntil,
        closedSeconds: times.closedSeconds,
        changedSeconds: times.changedSeconds,
        deletedAt: c.deletedAt ?? null,
        segment: segment && { roadSegmentId: segment.roadSegmentId, chainageStartKm: segment.chainageStartKm, chainageEndKm: segment.chainageEndKm },
        activities: activities.map((a) => ({ timestamp: a.timestamp, action: a.action, user: a.user, payload: a.payload })),
      };
    }),
  );
  const data: PackData = {
    lgaCode: event.lgaCode,
    lgaName: lga?.name ?? null,
    timeZone: timeZoneOfLga(event.lgaCode),
    generated: now,
    event: { id: event.id, name: event.name, agrn: event.agrn, startDay: event.startDay, endDay: event.endDay, measures: event.measures },
    closures: packed.sort((a, b) => a.firstClosed - b.firstClosed || a.id.localeCompare(b.id)),
    entries: entries.filter((e) => tagged.has(e.closureId)),
  };
  return { data, closures };
}

/**
 * The photo register and the original photos of the event's closures: one more register (a CSV
 * and a workbook sheet) and the originals, EXIF and all, under photos/. A pack too big to build
 * in one go keeps the register and says where the originals are to be had instead.
 */
async function photoParts(lgaCode: string, closures: readonly ClosureRecord[], timeZone: string): Promise<PackParts> {
  const originals = await listCouncilOriginals(lgaCode, closures);
  const uploaders = await uploaderNames(lgaCode, originals.map((o) => o.media.uid));
  const rows = photoRegisterRows(
    closures.map((c) => ({ id: c.id, ...roadAndLocality(c), media: originals.filter((o) => o.closure.id === c.id).map((o) => o.media.id) })),
    originals.map((o) => o.media),
    uploaders,
    timeZone,
  ).map((row) => ({ ...row, fileName: `${PACK_PHOTOS_FOLDER}${row.fileName}` }));
  const register: Register = {
    sheet: 'Photos',
    file: 'registers/photos.csv',
    header: PHOTO_REGISTER_COLUMNS.map((c) => c.title),
    rows: rows.map((row) => PHOTO_REGISTER_COLUMNS.map((c) => row[c.key])),
  };
  const distinct = [...new Map(originals.map((o) => [o.fileName, o])).values()];
  const bytes = distinct.reduce((sum, o) => sum + (o.media.size ?? 0), 0);
  if (distinct.length > MAX_ARCHIVE_PHOTOS || bytes > MAX_ARCHIVE_BYTES) {
    const note = `This event has ${distinct.length} original photos, more than one pack holds (${MAX_ARCHIVE_PHOTOS} photos, 300 MB).\r\nThe register lists them all; download the originals from the DRFA evidence screen, "Photos (zip)", a shorter range at a time.\r\n`;
    return { registers: [register], entries: [{ path: `${PACK_PHOTOS_FOLDER}README.txt`, body: new TextEncoder().encode(note) }] };
  }
  const entries = await Promise.all(
    distinct.map(async (o) => ({ path: `${PACK_PHOTOS_FOLDER}${o.fileName}`, body: await readOriginal(o.media), stored: true })),
  );
  return { registers: [register], entries };
}

export const claimPackFields = {
  claimPack: field({
    args: z.object({ eventId }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const event = await loadEvent(args.eventId);
      requireAnyOf(await principal(), event.lgaCode, EVENT_READERS);
      const now = Math.floor(Date.now() / 1000);
      const { data, closures } = await packDataOf(event, now);
      // The PDF, workbook and zip writers load only when a pack is built, not on every comms cold start.
      const { claimPackEntries, packBaseName, zipPack } = await import('../../core/drfa/claim-pack');
      const photos = await photoParts(event.lgaCode, closures, data.timeZone);
      const entries = await claimPackEntries(data, { registers: photos.registers, entries: photos.entries });
      const zip = zipPack(entries, now);
      const fileName = `${packBaseName(data)}-${new Date(now * 1000).toLocaleDateString('en-CA', { timeZone: data.timeZone })}.zip`;
      const key = `${CLAIM_PACK_PREFIX}${event.lgaCode}/${randomUUID()}/${fileName}`;
      await writeObject(mediaBucket(), key, zip, 'application/zip');
      const totals = eventTotals(data);
      return {
        eventId: event.id,
        fileName,
        url: await presignDownload(key, LINK_SECONDS, fileName),
        bytes: zip.byteLength,
        expiresAt: now + LINK_SECONDS,
        generated: now,
        files: entries.map((e) => e.path),
        closures: totals.closures,
        deletedClosures: totals.deletedClosures,
        totals,
      };
    },
  }),
};
