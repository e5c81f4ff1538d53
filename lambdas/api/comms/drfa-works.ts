// Works and costs of a closure for DRFA claims (docs/drfa.md#works-and-costs): the council's road
// segment id and chainage, and traffic control, labour, plant and cost entries with who entered
// them. Account managers and closure administrators of the closure's council enter them, whatever
// its subscription's state (claim records are kept 7 years); the evidence readers may read them.
import { z } from 'zod';
import { field } from '../resolver';
import { validationError } from '../../core/errors';
import { closureId } from '../../core/closures/input';
import type { ClosureRecord } from '../../core/closures/types';
import { requireAnyOf } from '../../core/drfa/events';
import {
  MAX_ENTRIES_PER_CLOSURE,
  RoadSegmentInput,
  WORKS_READERS,
  WORKS_RECORDERS,
  WorkEntryInput,
  workEntryId,
  workTotals,
} from '../../core/drfa/works';
import type { StaffRole } from '../../core/access';
import { loadClosure } from '../../adapters/closures/commands';
import { deleteEntry, getSegment, listEntries, saveEntry, saveSegment, type RoadSegmentRecord, type WorkEntryRecord } from '../../adapters/drfa/works';
import { actorOf } from '../closures/access';
import type { ResolverContext } from '../resolver';

const person = (a: { uid: string; email?: string; displayName?: string } | undefined) =>
  a ? { uid: a.uid, email: a.email ?? null, displayName: a.displayName ?? null } : null;

export function presentEntry(e: WorkEntryRecord) {
  return {
    id: e.id,
    closureId: e.closureId,
    kind: e.kind,
    description: e.description ?? null,
    devices: e.devices ?? null,
    fromDay: e.fromDay ?? null,
    toDay: e.toDay ?? null,
    hours: e.hours ?? null,
    amountCents: e.amountCents ?? null,
    costKind: e.costKind ?? null,
    reference: e.reference ?? null,
    enteredBy: person(e.enteredBy),
    enteredAt: e.createdAt,
    updatedBy: person(e.updatedBy),
    updatedAt: e.updatedAt,
    version: e.version,
  };
}

function presentWorks(c: ClosureRecord, segment: RoadSegmentRecord | undefined, entries: WorkEntryRecord[]) {
  const totals = workTotals(entries);
  return {
    closureId: c.id,
    lgaCode: c.lgaCode,
    roadSegmentId: segment?.roadSegmentId ?? null,
    chainageStartKm: segment?.chainageStartKm ?? null,
    chainageEndKm: segment?.chainageEndKm ?? null,
    segmentVersion: segment?.version ?? null,
    segmentUpdatedBy: person(segment?.updatedBy),
    segmentUpdatedAt: segment?.updatedAt ?? null,
    entries: entries.map(presentEntry),
    totals,
  };
}

/** The closure (deleted and archived ones too: claims come after the road reopens) and the caller's right on its council. */
async function closureFor(ctx: ResolverContext<unknown>, id: string, roles: readonly StaffRole[]) {
  const closure = await loadClosure(id);
  const p = requireAnyOf(await ctx.principal(), closure.lgaCode, roles);
  return { closure, actor: actorOf(p) };
}

export const worksFields = {
  closureWorks: field({
    args: z.object({ closureId }).strict(),
    access: 'user',
    async resolve(ctx) {
      const { closure } = await closureFor(ctx, ctx.args.closureId, WORKS_READERS);
      const [segment, entries] = await Promise.all([getSegment(closure.lgaCode, closure.id), listEntries(closure.lgaCode, closure.id)]);
      return presentWorks(closure, segment, entries);
    },
  }),

  saveRoadSegment: field({
    args: z.object({ input: RoadSegmentInput }).strict(),
    access: 'user',
    async resolve(ctx) {
      const { closure, actor } = await closureFor(ctx, ctx.args.input.closureId, WORKS_RECORDERS);
      const segment = await saveSegment(closure.lgaCode, ctx.args.input, actor);
      return presentWorks(closure, segment, await listEntries(closure.lgaCode, closure.id));
    },
  }),

  saveWorkEntry: field({
    args: z.object({ input: WorkEntryInput }).strict(),
    access: 'user',
    async resolve(ctx) {
      const { input } = ctx.args;
      const { closure, actor } = await closureFor(ctx, input.closureId, WORKS_RECORDERS);
      if (!input.version && (await listEntries(closure.lgaCode, closure.id)).length >= MAX_ENTRIES_PER_CLOSURE) {
        throw validationError(`A closure holds at most ${MAX_ENTRIES_PER_CLOSURE} works entries`);
      }
      return presentEntry(await saveEntry(closure.lgaCode, input, actor));
    },
  }),

  deleteWorkEntry: field({
    args: z.object({ closureId, id: workEntryId }).strict(),
    access: 'user',
    async resolve(ctx) {
      const { closure } = await closureFor(ctx, ctx.args.closureId, WORKS_RECORDERS);
      return presentEntry(await deleteEntry(closure.lgaCode, closure.id, ctx.args.id));
    },
  }),
};
