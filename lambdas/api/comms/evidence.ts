// drfaEvidence: the closures of an LGA that affected a date range, with their activity trail and
// photo thumbnails; the browser turns it into the CSV and the PDF report.
import { z } from 'zod';
import { field } from '../resolver';
import { validationError } from '../../core/errors';
import { lgaCode } from '../../core/validation';
import { closureTypeOf } from '../../core/closures/types';
import { roadAndLocality } from '../../core/comms/tasks';
import { MAX_EVIDENCE_RANGE_SECONDS, affectedRange, durationOf, firstClosedOf } from '../../core/comms/evidence';
import { listActivities } from '../../adapters/closures/store';
import { allClosuresInView } from '../../adapters/closures/query';
import { getLga } from '../../adapters/foundation/lgas';
import { getMediaItems, presentMedia } from '../../adapters/media/store';
import { presentActivity } from '../closures/present';
import { requireEvidenceExporter } from './access';

const VIEWS = ['ACTIVE', 'SCHEDULED', 'RECENTLY_OPENED', 'ARCHIVED'] as const;
const timestamp = z.number().int().min(0, 'Invalid date').max(4_102_444_800, 'Invalid date');

export const evidenceFields = {
  drfaEvidence: field({
    args: z.object({ lgaCode, from: timestamp, to: timestamp }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      requireEvidenceExporter(await principal(), args.lgaCode);
      if (args.to <= args.from) throw validationError('The end of the range must be after its start');
      if (args.to - args.from > MAX_EVIDENCE_RANGE_SECONDS) throw validationError('Choose a range of at most one year');
      const now = Math.floor(Date.now() / 1000);
      const lists = await Promise.all(VIEWS.map((view) => allClosuresInView(args.lgaCode, view, now)));
      const closures = lists
        .flat()
        .filter((c) => affectedRange(c, args.from, args.to, now))
        .sort((a, b) => firstClosedOf(a) - firstClosedOf(b));
      const media = await getMediaItems([...new Set(closures.flatMap((c) => c.media))]);
      const photos = new Map(await Promise.all(media.map(async (m) => [m.id, await presentMedia(m)] as const)));
      const lga = await getLga(args.lgaCode);
      return {
        lgaCode: args.lgaCode,
        lgaName: lga?.name ?? null,
        from: args.from,
        to: args.to,
        generated: now,
        closures: await Promise.all(
          closures.map(async (c) => ({
            id: c.id,
            type: closureTypeOf(c.type),
            condition: c.condition,
            ...roadAndLocality(c),
            formattedAddress: c.formattedAddress ?? null,
            reason: c.reason ?? null,
            firstClosed: firstClosedOf(c),
            reopened: c.openedAt ?? null,
            durationSeconds: durationOf(c, now),
            activities: (await listActivities(c.id)).reverse().map(presentActivity),
            photos: c.media.flatMap((id) => (photos.has(id) ? [photos.get(id)!] : [])),
          })),
        ),
      };
    },
  }),
};
