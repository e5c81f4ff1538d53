// Closures domain: the public map's reads, the staff lists and dashboard, the closure
// changes and the road tools (snap, reverse geocode). Thin: parse, authorize, call core/adapters.
import { z } from 'zod';
import { AppError, forbidden, isAppError, notFound, validationError } from '../../core/errors';
import { lgaCode } from '../../core/validation';
import { isReopeningOverdue } from '../../core/closure-views';
import {
  BoundsInput,
  ClosureInput,
  ClosureViewArg,
  CoordinateInput,
  closureId,
  nextToken,
  pageLimit,
  regionId,
} from '../../core/closures/input';
import { mayAttachMedia, mediaId } from '../../core/closures/media';
import * as transitions from '../../core/closures/state';
import type { ChangeContext, ClosureChange } from '../../core/closures/state';
import type { ClosureRecord } from '../../core/closures/types';
import { getRoadEngine } from '../../core/roads/engine';
import { db } from '../../adapters/db/db';
import { listActivities, readViewCounters } from '../../adapters/closures/store';
import { queryClosuresInBounds } from '../../adapters/closures/bounds';
import { changeClosure, changeClosureExpecting, createClosureAs, loadClosure, startDueScheduledClosures } from '../../adapters/closures/commands';
import { allClosuresInView, countClosures, countTimedView, listClosuresByView, recentChanges, DASHBOARD_LIMIT } from '../../adapters/closures/query';
import { attachMedia, detachMedia, referenceLgas } from '../../adapters/closures/media';
import { loadMedia } from '../../adapters/media/store';
import { createResolverHandler, field, logger, type ResolverContext } from '../resolver';
import { actorOf, isStaffOf, requireClosureAdministrator } from './access';
import { assertLinesInLga } from './lga-bounds';
import { presentActivity, presentClosure, presentClosures, wantsMedia } from './present';
import { publicSummaryFields } from './public-summary';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const DEFAULT_PAGE = 25;

type Ctx = ResolverContext<unknown>;

async function respond(ctx: Ctx, closure: Parameters<typeof presentClosure>[0]) {
  const [presented] = await presentClosures([closure], nowSeconds(), wantsMedia(ctx.event));
  return presented;
}

/** Loads the closure and checks the caller administers its LGA. */
async function closureForChange(ctx: Ctx, id: string) {
  const closure = await loadClosure(id);
  const p = requireClosureAdministrator(await ctx.principal(), closure.lgaCode);
  return { closure, actor: actorOf(p) };
}

const byId = z.object({ id: closureId }).strict();

/** A mutation that applies one state transition to the closure with the given id. */
function transitionField(transition: (before: ClosureRecord, ctx: ChangeContext) => ClosureChange) {
  return field({
    args: byId,
    access: 'user',
    async resolve(ctx) {
      const { closure, actor } = await closureForChange(ctx, ctx.args.id);
      return respond(ctx, await changeClosure(closure, actor, transition));
    },
  });
}

export const handler = createResolverHandler({
  ...publicSummaryFields,
  closuresInBounds: field({
    args: z.object({ bounds: BoundsInput, includeScheduled: z.boolean().optional().nullable() }).strict(),
    access: 'public',
    async resolve(ctx) {
      const now = nowSeconds();
      const { closures, itemsRead, cells } = await queryClosuresInBounds(ctx.args.bounds, { includeScheduled: ctx.args.includeScheduled ?? false, now });
      logger.debug('closuresInBounds', { itemsRead, cells: cells.length, returned: closures.length });
      return presentClosures(closures, now, wantsMedia(ctx.event));
    },
  }),

  closure: field({
    args: byId,
    access: 'public',
    async resolve(ctx) {
      const closure = await loadClosure(ctx.args.id);
      if (!closure.active) {
        // Deleted and archived closures: only the LGA's staff (and admins) may see them.
        const p = ctx.caller ? await ctx.principal() : undefined;
        if (!p || !isStaffOf(p, closure.lgaCode)) throw notFound(`Closure ${ctx.args.id} not found`);
      }
      return respond(ctx, closure);
    },
  }),

  closuresByLga: field({
    args: z.object({ lgaCode, view: ClosureViewArg.optional().nullable(), limit: pageLimit, nextToken }).strict(),
    access: 'user',
    async resolve(ctx) {
      const { lgaCode: code, limit, nextToken: token } = ctx.args;
      const view = ctx.args.view ?? 'ACTIVE';
      requireClosureAdministrator(await ctx.principal(), code);
      const now = nowSeconds();
      await startDueScheduledClosures(code, now);
      const [page, count] = await Promise.all([
        listClosuresByView(code, view, { limit: limit ?? DEFAULT_PAGE, nextToken: token, now }),
        countClosures(code, view, now),
      ]);
      return { items: await presentClosures(page.items, now, wantsMedia(ctx.event)), nextToken: page.nextToken, count };
    },
  }),

  closureActivities: field({
    args: byId,
    access: 'user',
    async resolve(ctx) {
      await closureForChange(ctx, ctx.args.id);
      return (await listActivities(ctx.args.id)).map(presentActivity);
    },
  }),

  dashboard: field({
    args: z.object({ lgaCode }).strict(),
    access: 'user',
    async resolve(ctx) {
      const code = ctx.args.lgaCode;
      requireClosureAdministrator(await ctx.principal(), code);
      const now = nowSeconds();
      await startDueScheduledClosures(code, now);
      const [stored, reopeningScheduled, stale, recent, overdue] = await Promise.all([
        readViewCounters(code, ['ACTIVE', 'SCHEDULED', 'ARCHIVED', 'DELETED', 'RECENTLY_OPENED']),
        countTimedView(code, 'REOPENING_SCHEDULED', now),
        countTimedView(code, 'STALE', now),
        recentChanges(code, now),
        allClosuresInView(code, 'REOPENING_OVERDUE', now),
      ]);
      const overdueFirst = overdue
        .filter((c) => isReopeningOverdue(c, now))
        .sort((a, b) => a.estimatedReopening! - b.estimatedReopening!);
      const withMedia = wantsMedia(ctx.event);
      return {
        lgaCode: code,
        closureCounts: {
          active: stored.ACTIVE,
          scheduled: stored.SCHEDULED,
          archived: stored.ARCHIVED,
          deleted: stored.DELETED,
          recentlyOpened: stored.RECENTLY_OPENED,
          reopeningScheduled,
          reopeningOverdue: overdueFirst.length,
          stale,
        },
        recentChanges: await presentClosures(recent, now, withMedia),
        overdueReopening: await presentClosures(overdueFirst.slice(0, DASHBOARD_LIMIT), now, withMedia),
        overdueCount: overdueFirst.length,
      };
    },
  }),

  snapToRoads: field({
    args: z.object({ points: z.array(CoordinateInput).min(2, 'Snap-to-road needs at least two points').max(1000, 'Too many points') }).strict(),
    access: 'user',
    async resolve(ctx) {
      try {
        const { geometry, distance } = getRoadEngine().snap(ctx.args.points);
        return { geometry: JSON.stringify(geometry), distance };
      } catch (error) {
        if (isAppError(error)) throw error;
        logger.error('snap failed', { error: error as Error });
        // The staff map puts the spec's "Unable to snap to roads:" before the code and this message.
        throw new AppError('Internal', 'The road engine failed on these points');
      }
    },
  }),

  reverseGeocode: field({
    args: z.object({ lat: z.number(), lng: z.number() }).strict(),
    access: 'public',
    async resolve(ctx) {
      // Spec §8: a reverse geocode failure returns a null address.
      try {
        return getRoadEngine().reverseGeocode(ctx.args);
      } catch (error) {
        logger.warn('reverse geocode failed', { error: error as Error });
        return null;
      }
    },
  }),

  createClosure: field({
    args: z.object({ input: ClosureInput }).strict(),
    access: 'user',
    async authorize(ctx) {
      requireClosureAdministrator(await ctx.principal(), ctx.args.input.lgaCode);
    },
    async resolve(ctx) {
      const { input } = ctx.args;
      const p = requireClosureAdministrator(await ctx.principal(), input.lgaCode);
      const { data: lga } = await db().entities.lga.get({ code: input.lgaCode }).go();
      if (!lga) throw validationError('Invalid LGA');
      await assertLinesInLga(lga, input.regions.map((r) => r.geometry));
      return respond(ctx, await createClosureAs(actorOf(p), input));
    },
  }),

  updateClosure: field({
    args: z.object({ id: closureId, input: ClosureInput, expectedVersion: z.number().int().min(0).max(1_000_000_000).nullish() }).strict(),
    access: 'user',
    async resolve(ctx) {
      const { closure, actor } = await closureForChange(ctx, ctx.args.id);
      const { data: lga } = await db().entities.lga.get({ code: closure.lgaCode }).go();
      if (lga) await assertLinesInLga(lga, ctx.args.input.regions.map((r) => r.geometry));
      const expected = ctx.args.expectedVersion ?? undefined;
      return respond(ctx, await changeClosureExpecting(closure, actor, expected, (before, c) => transitions.updateClosure(before, ctx.args.input, c)));
    },
  }),

  reopenClosure: transitionField(transitions.reopenClosure),

  deleteClosure: transitionField(transitions.deleteClosure),

  restoreClosure: transitionField(transitions.restoreClosure),

  deleteClosureRegion: field({
    args: z.object({ closureId, regionId }).strict(),
    access: 'user',
    async resolve(ctx) {
      const { closure, actor } = await closureForChange(ctx, ctx.args.closureId);
      return respond(ctx, await changeClosure(closure, actor, (before, c) => transitions.deleteRegion(before, ctx.args.regionId, c)));
    },
  }),

  attachClosureMedia: field({
    args: z.object({ closureId, mediaId }).strict(),
    access: 'user',
    async resolve(ctx) {
      const { closure, actor } = await closureForChange(ctx, ctx.args.closureId);
      const media = await loadMedia(ctx.args.mediaId);
      // Only the caller's own upload, or a photo this LGA already publishes: never someone's private upload.
      if (!mayAttachMedia(actor.uid, media, closure.lgaCode, media.uid === actor.uid ? [] : await referenceLgas(media.id))) {
        throw forbidden('You can only attach your own uploads or photos already published in this LGA');
      }
      return respond(ctx, await attachMedia(closure, actor, media));
    },
  }),

  detachClosureMedia: field({
    args: z.object({ closureId, mediaId }).strict(),
    access: 'user',
    async resolve(ctx) {
      const { closure, actor } = await closureForChange(ctx, ctx.args.closureId);
      if (!closure.media.includes(ctx.args.mediaId)) throw notFound(`Media ${ctx.args.mediaId} not found`);
      const media = await loadMedia(ctx.args.mediaId);
      return respond(ctx, await detachMedia(closure, actor, media));
    },
  }),
});
