// Media domain: presigned uploads (images only, ≤ 10 MB, enforced by S3's POST policy), reading
// one's media, and removal when nothing references it (spec §4). Thumbnails: lambdas/media/thumbnail.ts.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { forbidden } from '../../core/errors';
import {
  extensionOf,
  MAX_MEDIA_BYTES,
  MediaUploadInput,
  mediaId,
  uploadKey,
  UPLOAD_EXPIRES_SECONDS,
  UNATTACHED_TAG,
} from '../../core/closures/media';
import type { Principal } from '../../core/access';
import { loadClosure } from '../../adapters/closures/commands';
import { attachMedia } from '../../adapters/closures/media';
import { createMediaItem, loadMedia, presentMedia, removeUnreferencedMedia, type MediaRecord } from '../../adapters/media/store';
import { presignUpload } from '../../adapters/media/bucket';
import { createResolverHandler, field } from '../resolver';
import { actorOf, requireClosureAdministrator } from './access';

function assertOwnerOrAdmin(p: Principal, media: MediaRecord): void {
  if (!p.admin && media.uid !== p.uid) throw forbidden();
}

export const handler = createResolverHandler({
  createMediaUpload: field({
    args: z.object({ input: MediaUploadInput }).strict(),
    access: 'user',
    async authorize({ args, principal }) {
      const p = await principal();
      if (args.input.closureId) requireClosureAdministrator(p, (await loadClosure(args.input.closureId)).lgaCode);
    },
    async resolve({ args, principal }) {
      const p = await principal();
      const { contentType, size, closureId } = args.input;
      const extension = extensionOf(contentType)!;
      const item = { id: randomUUID(), uid: p.uid, extension, contentType, size };
      let media: MediaRecord;
      let attachedTo: string | null = null;
      if (closureId) {
        // Uploading for a closure: the item, its reference and the closure's media list in one transaction.
        const closure = await loadClosure(closureId);
        requireClosureAdministrator(p, closure.lgaCode);
        await attachMedia(closure, actorOf(p), item, { createItem: true });
        media = await loadMedia(item.id);
        attachedTo = closure.id;
      } else {
        media = await createMediaItem(item);
      }
      // An upload for nothing yet carries the tag the bucket's lifecycle rule expires.
      const tags = attachedTo ? undefined : { [UNATTACHED_TAG.key]: UNATTACHED_TAG.value };
      const upload = await presignUpload(uploadKey(media.id, extension), contentType, MAX_MEDIA_BYTES, UPLOAD_EXPIRES_SECONDS, tags);
      return {
        media: await presentMedia(media),
        url: upload.url,
        fields: JSON.stringify(upload.fields),
        maxBytes: MAX_MEDIA_BYTES,
        expiresIn: UPLOAD_EXPIRES_SECONDS,
        closureId: attachedTo,
      };
    },
  }),

  media: field({
    args: z.object({ id: mediaId }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const media = await loadMedia(args.id);
      assertOwnerOrAdmin(await principal(), media);
      return presentMedia(media);
    },
  }),

  removeMedia: field({
    args: z.object({ id: mediaId }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const media = await loadMedia(args.id);
      assertOwnerOrAdmin(await principal(), media);
      await removeUnreferencedMedia(media);
      return true;
    },
  }),
});
