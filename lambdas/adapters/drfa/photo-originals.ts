// A council's original photos for its DRFA claim (docs/drfa.md#photo-evidence): which originals
// its closures keep, reading them from the private originals/ prefix of the media bucket, who
// uploaded them, and short-lived download links. The callers authorize the council first
// (lambdas/api/comms/photos.ts); these functions only ever hand out a closure's photos when the
// closure belongs to the council asked about, so a caller cannot widen what it was allowed.
import { randomUUID } from 'node:crypto';
import type { ClosureRecord } from '../../core/closures/types';
import { originalFileName, ORIGINAL_DOWNLOAD_SECONDS, PHOTO_ARCHIVES_PREFIX, privateOriginalKey } from '../../core/drfa/photos';
import type { PackEntry } from '../../core/drfa/claim-pack';
import { photoRegisterCsv, type PhotoRegisterRow } from '../../core/drfa/photo-register';
import { db } from '../db/db';
import { mediaBucket, presignDownload, readObject, writeObject } from '../media/bucket';
import { getMediaItems, type MediaRecord } from '../media/store';

/** One kept original: the closure it is evidence for and its media item. */
export interface CouncilOriginal {
  closure: ClosureRecord;
  media: MediaRecord;
  /** Its path in a zip and the register: {closure id}/{media id}.{ext} */
  fileName: string;
}

/**
 * The originals kept for the council's closures among those given (another council's closures
 * are ignored), closures in the order given and each one's photos in its own order. Photos
 * published before originals were kept have none and are left out.
 */
export async function listCouncilOriginals(lgaCode: string, closures: readonly ClosureRecord[]): Promise<CouncilOriginal[]> {
  const own = closures.filter((c) => c.lgaCode === lgaCode);
  const media = new Map((await getMediaItems([...new Set(own.flatMap((c) => c.media))])).map((m) => [m.id, m]));
  return own.flatMap((closure) =>
    closure.media.flatMap((id) => {
      const m = media.get(id);
      return m?.originalKept ? [{ closure, media: m, fileName: originalFileName(closure.id, m.id, m.extension) }] : [];
    }),
  );
}

/** The original's bytes, EXIF and all. */
export async function readOriginal(media: Pick<MediaRecord, 'id' | 'extension'>): Promise<Uint8Array> {
  return (await readObject(mediaBucket(), privateOriginalKey(media.id, media.extension))).body;
}

/** A download of the original that lasts five minutes, saved as `{media id}.{ext}`. */
export function presignOriginal(media: Pick<MediaRecord, 'id' | 'extension'>): Promise<string> {
  return presignDownload(privateOriginalKey(media.id, media.extension), ORIGINAL_DOWNLOAD_SECONDS, `${media.id}.${media.extension}`);
}

/**
 * Who uploaded each photo, as a claim register names them: the council's staff by email, anyone
 * else as "Resident (report)" (a resident's address is not the council's to publish in a claim).
 */
export async function uploaderNames(lgaCode: string, uids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(uids)];
  const names = new Map<string, string>();
  await Promise.all(
    unique.map(async (uid) => {
      const { data: user } = await db().entities.user.get({ uid }).go();
      const { data: manager } = user ? await db().entities.manager.get({ lgaCode, email: user.email }).go() : { data: null };
      names.set(uid, user && manager ? user.email : 'Resident (report)');
    }),
  );
  return names;
}

/**
 * The zip of originals with photos.csv (the register) at its root, written under the media
 * bucket's exports/photos/ prefix (a lifecycle rule removes it after a day) and offered as a
 * five-minute download. Originals that cannot be read are listed in the register still, and
 * named in missing.txt.
 */
export async function writePhotoArchive(lgaCode: string, originals: readonly CouncilOriginal[], rows: readonly PhotoRegisterRow[], downloadAs: string): Promise<{ url: string; photoCount: number }> {
  const entries: PackEntry[] = [{ path: 'photos.csv', body: Buffer.from(photoRegisterCsv(rows), 'utf8') }];
  const missing: string[] = [];
  const read = new Map<string, Uint8Array>();
  for (const original of originals) {
    if (read.has(original.fileName)) continue;
    try {
      read.set(original.fileName, await readOriginal(original.media));
    } catch {
      missing.push(original.fileName);
    }
  }
  for (const [path, body] of read) entries.push({ path, body, stored: true });
  if (missing.length) entries.push({ path: 'missing.txt', body: Buffer.from(`Originals that could not be read:\r\n${missing.join('\r\n')}\r\n`, 'utf8') });
  const key = `${PHOTO_ARCHIVES_PREFIX}${lgaCode}/${randomUUID()}.zip`;
  // The zip writer comes with the claim pack's writers, loaded only when a zip is made.
  const { zipPack } = await import('../../core/drfa/claim-pack');
  await writeObject(mediaBucket(), key, zipPack(entries, Math.floor(Date.now() / 1000)), 'application/zip');
  return { url: await presignDownload(key, ORIGINAL_DOWNLOAD_SECONDS, downloadAs), photoCount: read.size };
}
