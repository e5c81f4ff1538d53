// The public dashboard's closure summary for a council (spec §2): how many closures are live,
// scheduled and recently reopened, and what changed in the last 12 hours. Public, so only
// closures that are on the public map (never archived or deleted ones) are listed.
import { z } from 'zod';
import { notFound } from '../../core/errors';
import { lgaCode } from '../../core/validation';
import { db } from '../../adapters/db/db';
import { nowSeconds } from '../../adapters/db/entities/common';
import { readViewCounters } from '../../adapters/closures/store';
import { recentChanges } from '../../adapters/closures/query';
import { field } from '../resolver';
import { presentClosures, wantsMedia } from './present';

export const publicSummaryFields = {
  lgaClosureSummary: field({
    args: z.object({ lgaCode }).strict(),
    access: 'public',
    async resolve(ctx) {
      const code = ctx.args.lgaCode;
      const { data: lga } = await db().entities.lga.get({ code }).go({ attributes: ['code'] });
      if (!lga) throw notFound('Invalid LGA');
      const now = nowSeconds();
      const [counts, recent] = await Promise.all([readViewCounters(code, ['ACTIVE', 'SCHEDULED', 'RECENTLY_OPENED']), recentChanges(code, now)]);
      return {
        lgaCode: code,
        active: counts.ACTIVE,
        scheduled: counts.SCHEDULED,
        recentlyOpened: counts.RECENTLY_OPENED,
        recentChanges: await presentClosures(recent.filter((c) => c.active), now, wantsMedia(ctx.event)),
      };
    },
  }),
};
