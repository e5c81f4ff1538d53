// Watch zones, the caller's side (docs/alerts.md#watch-zones): the areas they watch, saving one
// (a polygon, or a circle around a place; at most 5, each at most 50 km across) and deleting one.
// Their own zones only: every key is built from the signed-in caller's id, never from the input.
// A zone's channels are set like any subscription's (setSubscriptionChannels with watchZoneId).
import { z } from 'zod';
import { field, type FieldDefinition } from '../resolver';
import { validationError } from '../../core/errors';
import { isInAustralia } from '../../core/closures/geometry';
import type { Position } from '../../core/closures/types';
import { MAX_ZONE_ACROSS_M, MAX_ZONE_CORNERS, MIN_CIRCLE_RADIUS_M, ZONE_MESSAGES, zoneShapeProblem, type ZoneShape } from '../../core/alerts/watch-zones';
import { deleteWatchZone, saveWatchZone, watchZonesOf, type WatchZone } from '../../adapters/alerts/watch-zones';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const coordinate = z
  .object({ lat: z.number().finite(ZONE_MESSAGES.outside), lng: z.number().finite(ZONE_MESSAGES.outside) }, { invalid_type_error: ZONE_MESSAGES.outside })
  .strict()
  .refine((c) => isInAustralia(c.lng, c.lat), ZONE_MESSAGES.outside)
  .transform((c): Position => [round6(c.lng), round6(c.lat)]);

export const zoneId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid area id');

const WatchZoneInput = z
  .object({
    id: zoneId,
    name: z.string().trim().min(1, ZONE_MESSAGES.name).max(60, ZONE_MESSAGES.name),
    // A few more corners than allowed are parsed, so the answer names the limit rather than the parser's.
    polygon: z.array(coordinate).max(MAX_ZONE_CORNERS + 1, ZONE_MESSAGES.tooManyCorners).nullish(),
    center: coordinate.nullish(),
    radius: z.number({ invalid_type_error: ZONE_MESSAGES.radius }).finite(ZONE_MESSAGES.radius).min(MIN_CIRCLE_RADIUS_M, ZONE_MESSAGES.radius).max(MAX_ZONE_ACROSS_M / 2, ZONE_MESSAGES.radius).nullish(),
    place: z.string().trim().max(200, 'The place name is too long (maximum 200 characters)').nullish(),
  })
  .strict()
  .superRefine((input, ctx) => {
    const polygon = Boolean(input.polygon);
    const circle = input.center != null || input.radius != null;
    if (polygon === circle) return ctx.addIssue({ code: 'custom', message: ZONE_MESSAGES.oneShape });
    if (circle && (input.center == null || input.radius == null)) return ctx.addIssue({ code: 'custom', message: ZONE_MESSAGES.radius });
    const problem = zoneShapeProblem(shapeOf(input));
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

function shapeOf(input: { polygon?: Position[] | null; center?: Position | null; radius?: number | null }): ZoneShape {
  return input.polygon ? { kind: 'polygon', ring: input.polygon } : { kind: 'circle', center: input.center!, radiusM: input.radius! };
}

const asCoordinate = ([lng, lat]: Position) => ({ lat, lng });

/** A zone as the API shows it (lib/schema.graphql WatchZone). */
export function presentWatchZone(zone: WatchZone) {
  return {
    id: zone.zoneId,
    name: zone.name,
    shape: zone.shape.kind,
    polygon: zone.shape.kind === 'polygon' ? zone.shape.ring.map(asCoordinate) : null,
    center: zone.shape.kind === 'circle' ? asCoordinate(zone.shape.center) : null,
    radius: zone.shape.kind === 'circle' ? zone.shape.radiusM : null,
    place: zone.place ?? null,
    channels: { kind: 'zone', target: zone.zoneId, ...zone.channels },
    createdAt: zone.createdAt,
    updatedAt: zone.updatedAt,
  };
}

const zonesOf = async (uid: string) => (await watchZonesOf(uid)).map(presentWatchZone);

export function watchZoneFields(): Record<string, FieldDefinition<z.ZodTypeAny>> {
  return {
    watchZones: field({
      args: z.object({}).strict(),
      access: 'user',
      resolve: async ({ principal }) => zonesOf((await principal()).uid),
    }),

    saveWatchZone: field({
      args: z.object({ input: WatchZoneInput }).strict(),
      access: 'user',
      async resolve({ args, principal }) {
        const { uid } = await principal();
        const { input } = args;
        if (!input.polygon && !input.center) throw validationError(ZONE_MESSAGES.oneShape);
        await saveWatchZone(uid, { zoneId: input.id, name: input.name, shape: shapeOf(input), ...(input.place ? { place: input.place } : {}) });
        return zonesOf(uid);
      },
    }),

    deleteWatchZone: field({
      args: z.object({ id: zoneId }).strict(),
      access: 'user',
      async resolve({ args, principal }) {
        const { uid } = await principal();
        await deleteWatchZone(uid, args.id);
        return zonesOf(uid);
      },
    }),
  };
}
