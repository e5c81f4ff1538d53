// Input schemas of the closure operations (every input has a bounded schema:
// docs/api.md#conventions).
import { z } from 'zod';
import { validationError } from '../errors';
import { lgaCode } from '../validation';
import { CLOSURE_VIEWS } from '../closure-views';
import { AUSTRALIA, MAX_REGIONS, MAX_VERTICES, MESSAGES, jsonValue, lineStringSchema } from './geometry';
import { handDrawnProblem } from './hand-drawn';
import { CLOSURE_TYPE_VALUES, type ClosureTypeValue } from './types';

const EARLIEST = 946_684_800; // 2000-01-01
const LATEST = 4_102_444_800; // 2100-01-01
/** Longest detour description (one or two sentences naming the roads to use). */
export const MAX_DETOUR = 500;

export const timestamp = z
  .number({ invalid_type_error: 'Invalid date' })
  .int('Invalid date')
  .min(EARLIEST, 'Invalid date')
  .max(LATEST, 'Invalid date');

export const closureId = z.string().trim().min(1, 'Closure id is required').max(64, 'Invalid closure id');
export const regionId = z.string().trim().min(1).max(64, 'Invalid region id');

export const RegionInput = z
  .object({
    id: regionId.optional().nullable(),
    geometry: jsonValue(lineStringSchema),
    /** Drawn by hand where no road was near: kept as drawn, within tighter bounds. Left out on update keeps the region's own. */
    drawnByHand: z.boolean({ invalid_type_error: 'drawnByHand must be true or false' }).optional().nullable(),
  })
  .strict()
  .superRefine((region, ctx) => {
    const problem = region.drawnByHand ? handDrawnProblem(region.geometry) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['geometry'] });
  });

export const ClosureInput = z
  .object({
    lgaCode,
    type: z.enum(CLOSURE_TYPE_VALUES as [ClosureTypeValue, ...ClosureTypeValue[]], {
      errorMap: () => ({ message: 'Invalid closure type' }),
    }),
    reason: z.string().trim().max(2000, 'Reason is too long (maximum 2000 characters)').optional().nullable(),
    /** A new closure is closed unless it only changes conditions; opening goes through reopenClosure. */
    condition: z.enum(['closed', 'changed'], { errorMap: () => ({ message: 'Invalid condition' }) }).optional().nullable(),
    regions: z.array(RegionInput).min(1, MESSAGES.noRegions).max(MAX_REGIONS, MESSAGES.tooManyRegions),
    scheduledFor: timestamp.optional().nullable(),
    estimatedReopening: timestamp.optional().nullable(),
    /** The way around the closure that posts, the public map and the feeds name. */
    detour: z.string().trim().max(MAX_DETOUR, `Detour is too long (maximum ${MAX_DETOUR} characters)`).optional().nullable(),
  })
  .strict()
  .superRefine((input, ctx) => {
    const vertices = input.regions.reduce((sum, r) => sum + r.geometry.coordinates.length, 0);
    if (vertices > MAX_VERTICES) ctx.addIssue({ code: 'custom', message: MESSAGES.tooManyVertices });
    if (input.scheduledFor && input.estimatedReopening && input.estimatedReopening <= input.scheduledFor) {
      ctx.addIssue({ code: 'custom', message: 'Estimated reopening must be after the scheduled start' });
    }
    const ids = input.regions.map((r) => r.id).filter(Boolean);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'Region ids must be unique' });
  });
export type ClosureInputValue = z.infer<typeof ClosureInput>;

export const ClosureViewArg = z.enum(CLOSURE_VIEWS, { errorMap: () => ({ message: 'Invalid view' }) });

const coordinate = (min: number, max: number) =>
  z.number({ invalid_type_error: 'Invalid coordinates' }).finite('Invalid coordinates').min(min, 'Invalid coordinates').max(max, 'Invalid coordinates');

export const BoundsInput = z
  .object({
    west: coordinate(-180, 180),
    south: coordinate(-90, 90),
    east: coordinate(-180, 180),
    north: coordinate(-90, 90),
  })
  .strict()
  .refine((b) => b.west <= b.east && b.south <= b.north, 'Invalid bounds')
  // Nothing outside Australia is ever stored, so the viewport is clipped to it.
  .transform((b) => ({
    west: Math.max(b.west, AUSTRALIA.west),
    south: Math.max(b.south, AUSTRALIA.south),
    east: Math.min(b.east, AUSTRALIA.east),
    north: Math.min(b.north, AUSTRALIA.north),
  }));

export const CoordinateInput = z
  .object({ lat: coordinate(-90, 90), lng: coordinate(-180, 180) })
  .strict();

/** Page sizes are bounded; a missing limit means one screenful. */
export const pageLimit = z.number().int().min(1, 'Invalid limit').max(100, 'Invalid limit').optional().nullable();
export const nextToken = z.string().max(2000, 'Invalid nextToken').optional().nullable();

export const invalidNextToken = () => validationError('Invalid nextToken');
