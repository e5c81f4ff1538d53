// Announcements domain: the unsealed-roads status of an LGA (public), its announcements list and
// the announcement managers' changes (set status, archive, reactivate, delete). Thin: parse,
// authorize from the database, let core decide, persist, emit the change event (which notifies
// the LGA's subscribers and reaches onAnnouncementChanged live).
import { z } from 'zod';
import { staffAccess, type Principal } from '../../core/access';
import { conflict, forbidden, notFound, paymentRequired, validationError } from '../../core/errors';
import { lgaCode } from '../../core/validation';
import {
  MESSAGE_MAX,
  UNSEALED_ROADS_TYPE,
  expiryProblem,
  gvmSchema,
  messageSchema,
  planStatusChange,
  reactivatedExpiry,
  statusOf,
  type AnnouncementRecord,
} from '../../core/announcements/rules';
import {
  announcementById,
  announcementsOfLga,
  applyStatusPlan,
  currentUnsealedAnnouncement,
  reactivate,
  remove,
  setArchived,
} from '../../adapters/announcements/store';
import { publishAnnouncementChanged } from '../../adapters/announcements/publish';
import { presentAnnouncement } from '../../adapters/announcements/live';
import { getLga } from '../../adapters/foundation/lgas';
import { createResolverHandler, field, type ResolverContext } from '../resolver';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const announcementId = z.string().min(1).max(64);
const timestamp = z.number().int().min(0).max(9_999_999_998);

const UnsealedRoadsInput = z
  .object({
    status: z.enum(['OPEN', 'CLOSED', 'RESTRICTED']),
    message: messageSchema.nullish(),
    vehicleRestrictions: z
      .object({
        enabled: z.boolean(),
        maxGVM: gvmSchema.nullish(),
        restrictionMessage: z.string().max(MESSAGE_MAX, 'Restriction message is too long (maximum 500 characters)').nullish(),
      })
      .strict()
      .nullish(),
    expiresAt: timestamp.nullish(),
  })
  .strict();

/** Announcement managers of the LGA with an active customer, or admins anywhere (spec §6). */
function requireAnnouncementManager(p: Principal, code: string): Principal {
  const access = staffAccess(p, code, 'announcement_manager');
  if (access === 'forbidden') throw forbidden();
  if (access === 'unpaid') throw paymentRequired();
  return p;
}

const canSeeAll = (p: Principal, code: string) => staffAccess(p, code, 'announcement_manager') === 'ok';

async function unsealedRoads(code: string, current?: AnnouncementRecord) {
  return { lgaCode: code, status: statusOf(current), announcement: current ? presentAnnouncement(current) : null };
}

/** Loads the announcement and checks the caller manages announcements of its LGA. */
async function announcementForChange(ctx: ResolverContext<{ id: string }>) {
  const announcement = await announcementById(ctx.args.id);
  // Refuse before saying whether it exists to someone who may not manage any LGA's announcements.
  const p = await ctx.principal();
  if (!announcement) {
    if (!p.admin && !p.managed.some((m) => m.roles.includes('announcement_manager'))) throw forbidden();
    throw notFound(`Announcement ${ctx.args.id} not found`);
  }
  requireAnnouncementManager(p, announcement.lgaCode);
  return { announcement, actor: p.uid };
}

const isCurrentUnsealed = (a: AnnouncementRecord) => a.type === UNSEALED_ROADS_TYPE && a.status === 'active';

export const handler = createResolverHandler({
  unsealedRoadsStatus: field({
    args: z.object({ lgaCode }).strict(),
    access: 'public',
    async resolve({ args }) {
      return unsealedRoads(args.lgaCode, await currentUnsealedAnnouncement(args.lgaCode));
    },
  }),

  announcements: field({
    args: z.object({ lgaCode }).strict(),
    access: 'public',
    async resolve({ args, caller, principal }) {
      const all = caller !== null && canSeeAll(await principal(), args.lgaCode);
      return (await announcementsOfLga(args.lgaCode, !all)).map((a) => presentAnnouncement(a));
    },
  }),

  setUnsealedRoadsStatus: field({
    args: z.object({ lgaCode, input: UnsealedRoadsInput }).strict(),
    access: 'user',
    async authorize({ args, principal }) {
      requireAnnouncementManager(await principal(), args.lgaCode);
    },
    async resolve({ args, principal }) {
      const p = requireAnnouncementManager(await principal(), args.lgaCode);
      if (!(await getLga(args.lgaCode))) throw notFound('Invalid LGA');
      const status = args.input.status.toLowerCase() as 'open' | 'closed' | 'restricted';
      // Open clears message and expiry (spec §4); for the others the expiry must be an hour ahead.
      const expiresAt = status === 'open' ? undefined : (args.input.expiresAt ?? undefined);
      const tooSoon = expiryProblem(expiresAt, nowSeconds());
      if (tooSoon) throw validationError(tooSoon);
      const restrictions = args.input.vehicleRestrictions;
      const plan = planStatusChange(
        {
          status,
          message: status === 'open' ? undefined : (args.input.message ?? undefined),
          vehicleRestrictions: restrictions
            ? { enabled: restrictions.enabled, maxGVM: restrictions.maxGVM ?? undefined, restrictionMessage: restrictions.restrictionMessage ?? undefined }
            : undefined,
          expiresAt,
        },
        await currentUnsealedAnnouncement(args.lgaCode),
      );
      const changed = await applyStatusPlan(args.lgaCode, plan, p.uid);
      if (changed) await publishAnnouncementChanged(changed, plan.kind === 'archive' ? 'archived' : 'set', true, p.uid);
      return unsealedRoads(args.lgaCode, changed && changed.status === 'active' ? changed : undefined);
    },
  }),

  archiveAnnouncement: field({
    args: z.object({ id: announcementId }).strict(),
    access: 'user',
    async resolve(ctx) {
      const { announcement, actor } = await announcementForChange(ctx);
      if (announcement.status === 'archived') throw conflict('This announcement is already archived');
      const archived = await setArchived(announcement, actor);
      await publishAnnouncementChanged(archived, 'archived', isCurrentUnsealed(announcement), actor);
      return presentAnnouncement(archived);
    },
  }),

  reactivateAnnouncement: field({
    args: z.object({ id: announcementId, expiresAt: timestamp.nullish() }).strict(),
    access: 'user',
    async resolve(ctx) {
      const { announcement, actor } = await announcementForChange(ctx);
      const now = nowSeconds();
      const tooSoon = expiryProblem(ctx.args.expiresAt, now);
      if (tooSoon) throw validationError(tooSoon);
      if (announcement.status === 'active') throw conflict('This announcement is already active');
      const replaces = announcement.type === UNSEALED_ROADS_TYPE ? await currentUnsealedAnnouncement(announcement.lgaCode) : undefined;
      const expiresAt = reactivatedExpiry(announcement.expiresAt, ctx.args.expiresAt ?? undefined, now);
      const active = await reactivate(announcement, expiresAt, replaces, actor);
      await publishAnnouncementChanged(active, 'reactivated', announcement.type === UNSEALED_ROADS_TYPE, actor);
      return presentAnnouncement(active);
    },
  }),

  deleteAnnouncement: field({
    args: z.object({ id: announcementId }).strict(),
    access: 'user',
    async resolve(ctx) {
      const { announcement, actor } = await announcementForChange(ctx);
      await remove(announcement);
      await publishAnnouncementChanged(announcement, 'deleted', isCurrentUnsealed(announcement), actor);
      return presentAnnouncement(announcement, 'deleted');
    },
  }),

  // IAM only (the event consumer): the result is what onAnnouncementChanged subscribers receive.
  publishAnnouncementChange: field({
    args: z.object({ input: z.record(z.unknown()) }).strict(),
    access: 'public',
    async resolve({ args, event }) {
      const identity = event.identity as { userArn?: string; sub?: string } | null;
      if (!identity?.userArn || identity.sub) throw forbidden();
      return args.input;
    },
  }),

  // Public: anyone may watch an LGA's announcements (the map banner, the embed).
  onAnnouncementChanged: field({
    args: z.object({ lgaCode }).strict(),
    access: 'public',
    async resolve() {
      return null;
    },
  }),
});
