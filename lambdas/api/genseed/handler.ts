// /genseed (platform administrators): realistic demo data for one council, for demos and load
// tests: closures on its real roads, incident reports near them and LGA subscribers. Refused
// unless the deployment allows it (lib/stage-settings.ts). Carries the road engine and the LGA
// boundaries.
import { z } from 'zod';
import { forbidden, notFound, validationError } from '../../core/errors';
import { lgaCode } from '../../core/validation';
import { lgaBoundaries } from '../../adapters/foundation/lga-boundaries';
import { getRoadEngine } from '../../core/roads/engine';
import { genseedAllowed } from '../../core/deployment-switches';
import { DEMO_DATA_REFUSED_ON_PROD, DEMO_LIMITS, NO_ROADS_IN_LGA, planDemoClosures, seededRandom } from '../../core/admin/demo-data';
import { getLga } from '../../adapters/foundation/lgas';
import { writeDemoClosures, writeDemoReports, writeDemoResidents } from '../../adapters/admin/demo-data';
import { createResolverHandler, field } from '../resolver';
import { requireAdmin } from '../admin/shared';

const count = (max: number, label: string) =>
  z.number().int().min(0, `${label} must be between 0 and ${max}`).max(max, `${label} must be between 0 and ${max}`).optional().nullable();

/** Each demo author may submit 10 reports an hour, like everyone else. */
const REPORTS_PER_AUTHOR = 10;

export const handler = createResolverHandler({
  generateDemoData: field({
    args: z
      .object({
        input: z
          .object({
            lgaCode,
            closures: count(DEMO_LIMITS.closures, 'Closures'),
            reports: count(DEMO_LIMITS.reports, 'Reports'),
            subscribers: count(DEMO_LIMITS.subscribers, 'Subscribers'),
          })
          .strict(),
      })
      .strict(),
    access: 'user',
    async resolve({ args, principal }) {
      // The deployment's own switch (ALLOW_GENSEED: dev, demo, the local runtime), never its stage's name.
      if (!genseedAllowed()) throw forbidden(DEMO_DATA_REFUSED_ON_PROD);
      await requireAdmin(principal);
      const { input } = args;
      const lga = await getLga(input.lgaCode);
      if (!lga?.bbox || lga.bbox.length !== 4) throw notFound('LGA not found');
      const wanted = { closures: input.closures ?? 5, reports: input.reports ?? 10, subscribers: input.subscribers ?? 10 };
      const now = Math.floor(Date.now() / 1000);
      const random = seededRandom(now);
      const { locator } = await lgaBoundaries();
      const plans = planDemoClosures({
        count: Math.max(wanted.closures, wanted.reports > 0 ? 1 : 0),
        bbox: lga.bbox as [number, number, number, number],
        inside: (p) => locator.locate(p.lng, p.lat)?.code === lga.code,
        engine: getRoadEngine(),
        random,
      });
      if (plans.length === 0 && (wanted.closures > 0 || wanted.reports > 0)) throw validationError(NO_ROADS_IN_LGA);
      const closures = await writeDemoClosures(lga.code, plans.slice(0, wanted.closures), now);
      const subscribers = await writeDemoResidents(wanted.subscribers, lga.code);
      // Reports need authors: the subscribers, plus residents who do not follow the LGA if there are too few.
      const extraAuthors = Math.max(0, Math.ceil(wanted.reports / REPORTS_PER_AUTHOR) - subscribers.length);
      const authors = [...subscribers, ...(await writeDemoResidents(extraAuthors))];
      const reports = await writeDemoReports(lga.code, authors, plans, wanted.reports, random, now);
      return { lgaCode: lga.code, closures: closures.length, reports, subscribers: subscribers.length };
    },
  }),
});
