// Photo evidence for the council's staff (docs/drfa.md#photo-evidence): a closure's photos with
// what their EXIF said (capture time, position) and their stage, a five-minute link to each kept
// original; setting a photo's stage; and the "Photos (zip)" of the originals with their register
// for an event or range. Only the closure's council's communications managers and closure
// administrators (any subscription state: claim records are kept 7 years) or an administrator.
import { z } from 'zod';
import { field } from '../resolver';
import { notFound, validationError } from '../../core/errors';
import type { Principal } from '../../core/access';
import type { ClosureRecord } from '../../core/closures/types';
import { closureId } from '../../core/closures/input';
import { roadAndLocality } from '../../core/comms/tasks';
import { timeZoneOfLga } from '../../core/council-time';
import { capturedAtOf, SetPhotoStageArgs } from '../../core/drfa/photos';
import { photoRegisterRows, stageLabel } from '../../core/drfa/photo-register';
import { getClosure } from '../../adapters/closures/store';
import { getMediaItems, presentMedia, setMediaStage, type MediaRecord } from '../../adapters/media/store';
import { listCouncilOriginals, presignOriginal, uploaderNames, writePhotoArchive } from '../../adapters/drfa/photo-originals';
import { requireEvidenceExporter } from './access';
import { chooseEvidenceClosures, EvidenceArgs } from './evidence';

export const CLOSURE_NOT_FOUND = 'Closure not found';
export const PHOTO_NOT_ON_CLOSURE = 'That photo is not one of this closure’s photos';
/** A zip is built in the function's memory (lambdas/api/domains.ts gives comms 1.5 GB). */
export const MAX_ARCHIVE_PHOTOS = 150;
export const MAX_ARCHIVE_BYTES = 300 * 1024 * 1024;
export const TOO_MANY_PHOTOS = `At most ${MAX_ARCHIVE_PHOTOS} photos (300 MB) fit in one zip: choose a shorter range`;

/** The closure, once the caller is found to be evidence staff of its council. */
async function closureOfCouncilStaff(id: string, principal: () => Promise<Principal>): Promise<ClosureRecord> {
  const closure = await getClosure(id);
  if (!closure) throw notFound(CLOSURE_NOT_FOUND);
  requireEvidenceExporter(await principal(), closure.lgaCode);
  return closure;
}

async function presentPhoto(m: MediaRecord, timeZone: string, uploaders: Map<string, string>) {
  return {
    mediaId: m.id,
    media: await presentMedia(m),
    stage: m.stage ?? null,
    stageLabel: stageLabel(m.stage) || null,
    capturedAt: capturedAtOf(m, timeZone),
    capturedLocal: m.capturedLocal ?? null,
    timeZone,
    latitude: m.latitude ?? null,
    longitude: m.longitude ?? null,
    uploader: uploaders.get(m.uid) ?? null,
    originalKept: m.originalKept === true,
    originalUrl: m.originalKept ? await presignOriginal(m) : null,
  };
}

/** The closures of an evidence request (as drfaEvidence chooses them), oldest first, and a label for the zip's name. */
async function evidenceClosures(args: z.infer<typeof EvidenceArgs>): Promise<{ closures: ClosureRecord[]; label: string }> {
  const { event, from, to, closures } = await chooseEvidenceClosures(args);
  const label = event ? `${event.name}${event.agrn ? ` AGRN ${event.agrn}` : ''}` : `${args.fromDay ?? from}-${args.toDay ?? to}`;
  return { closures: closures.map(({ c }) => c), label };
}

const safeFileName = (text: string) => text.replace(/[^A-Za-z0-9 ._-]+/g, '').trim().replace(/\s+/g, '-').slice(0, 80) || 'photos';

export const photoFields = {
  closurePhotos: field({
    args: z.object({ closureId }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const closure = await closureOfCouncilStaff(args.closureId, principal);
      const media = await getMediaItems(closure.media);
      const uploaders = await uploaderNames(closure.lgaCode, media.map((m) => m.uid));
      const timeZone = timeZoneOfLga(closure.lgaCode);
      return Promise.all(media.map((m) => presentPhoto(m, timeZone, uploaders)));
    },
  }),

  setPhotoStage: field({
    args: SetPhotoStageArgs,
    access: 'user',
    async resolve({ args, principal }) {
      const closure = await closureOfCouncilStaff(args.closureId, principal);
      if (!closure.media.includes(args.mediaId)) throw notFound(PHOTO_NOT_ON_CLOSURE);
      const p = await principal();
      const saved = await setMediaStage(args.mediaId, args.stage, p.uid);
      if (!saved) throw notFound(PHOTO_NOT_ON_CLOSURE);
      return presentPhoto(saved, timeZoneOfLga(closure.lgaCode), await uploaderNames(closure.lgaCode, [saved.uid]));
    },
  }),

  drfaPhotoArchive: field({
    args: EvidenceArgs,
    access: 'user',
    async resolve({ args, principal }) {
      requireEvidenceExporter(await principal(), args.lgaCode);
      const { closures, label } = await evidenceClosures(args);
      const originals = await listCouncilOriginals(args.lgaCode, closures);
      const distinct = [...new Map(originals.map((o) => [o.media.id, o.media])).values()];
      const bytes = distinct.reduce((sum, m) => sum + (m.size ?? 0), 0);
      if (distinct.length > MAX_ARCHIVE_PHOTOS || bytes > MAX_ARCHIVE_BYTES) throw validationError(TOO_MANY_PHOTOS);
      const timeZone = timeZoneOfLga(args.lgaCode);
      const uploaders = await uploaderNames(args.lgaCode, originals.map((o) => o.media.uid));
      const rows = photoRegisterRows(
        closures.map((c) => ({ id: c.id, ...roadAndLocality(c), media: originals.filter((o) => o.closure.id === c.id).map((o) => o.media.id) })),
        originals.map((o) => o.media),
        uploaders,
        timeZone,
      );
      const archive = await writePhotoArchive(args.lgaCode, originals, rows, `photos-${safeFileName(label)}.zip`);
      return { ...archive, registerRows: rows.length };
    },
  }),
};
