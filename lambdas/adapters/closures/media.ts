// A closure's media: attaching writes the reference with the closure change in one transaction;
// detaching the last reference deletes the media item in that transaction and its objects after.
import type { Actor, ClosureRecord } from '../../core/closures/types';
import * as transitions from '../../core/closures/state';
import { closureReference } from '../../core/closures/media';
import { changeClosure } from './commands';
import { getClosure } from './store';
import { getReport } from '../reports/store';
import { deleteMediaObjects, keepMediaObjects, listReferences, type MediaRecord } from '../media/store';

export async function attachMedia(
  closure: ClosureRecord,
  actor: Actor,
  media: Pick<MediaRecord, 'id'> & Partial<MediaRecord>,
  options: { createItem?: boolean } = {},
): Promise<ClosureRecord> {
  const reference = closureReference(closure.id);
  const saved = await changeClosure(
    closure,
    actor,
    (before, ctx) => transitions.addMedia(before, media.id, ctx),
    ({ media: mediaEntity, mediaReference }) => [
      ...(options.createItem
        ? [
            mediaEntity
              .create({ id: media.id, uid: media.uid!, extension: media.extension!, contentType: media.contentType, size: media.size })
              .commit(),
          ]
        : []),
      // An existing upload stops expiring (and must still exist: patch fails on a missing item).
      ...(options.createItem ? [] : [mediaEntity.patch({ id: media.id }).remove(['expiresAt']).commit()]),
      mediaReference.put({ mediaId: media.id, ...reference }).commit(),
    ],
  );
  if (!options.createItem && media.extension) await keepMediaObjects([{ id: media.id, extension: media.extension }]);
  return saved;
}

export async function detachMedia(closure: ClosureRecord, actor: Actor, media: MediaRecord): Promise<ClosureRecord> {
  const reference = closureReference(closure.id);
  const others = (await listReferences(media.id)).filter(
    (r) => !(r.collection === reference.collection && r.documentId === reference.documentId && r.field === reference.field),
  );
  const last = others.length === 0;
  const saved = await changeClosure(
    closure,
    actor,
    (before, ctx) => transitions.removeMedia(before, media.id, ctx),
    ({ media: mediaEntity, mediaReference }) => [
      mediaReference.delete({ mediaId: media.id, ...reference }).commit(),
      ...(last ? [mediaEntity.delete({ id: media.id }).commit()] : []),
    ],
  );
  if (last) await deleteMediaObjects(media);
  return saved;
}

/** The LGA of every report or closure that already publishes this media (for the attach rule). */
export async function referenceLgas(mediaId: string): Promise<(string | undefined)[]> {
  const references = await listReferences(mediaId);
  return Promise.all(
    references.map(async (r) => {
      if (r.collection === 'reports') return (await getReport(r.documentId))?.lgaCode;
      if (r.collection === 'closures') return (await getClosure(r.documentId))?.lgaCode;
      return undefined;
    }),
  );
}
