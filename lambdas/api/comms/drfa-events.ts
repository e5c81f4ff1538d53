// Disaster events (docs/drfa.md#disaster-events): an account manager or closure administrator of
// the council records an event (name, AGRN once declared, dates, activated measures) and tags
// closures to it, singly or by area and dates; the evidence exporters read them. No paying
// customer is needed: claim records are kept 7 years.
import { z } from 'zod';
import { field } from '../resolver';
import { validationError } from '../../core/errors';
import { lgaCode } from '../../core/validation';
import { dayRangeIn, timeZoneOfLga } from '../../core/council-time';
import { periodsAt } from '../../core/closures/periods';
import {
  DisasterEventInput,
  EVENT_READERS,
  EVENT_RECORDERS,
  EventTagInput,
  MAX_TAGS_PER_CALL,
  inAreaAndDays,
  requireAnyOf,
  type EventTagInputValue,
} from '../../core/drfa/events';
import type { ClosureRecord } from '../../core/closures/types';
import { getClosures } from '../../adapters/closures/store';
import { allClosuresInView } from '../../adapters/closures/query';
import {
  createEvent,
  listEvents,
  loadEvent,
  tagClosures,
  taggedClosureIds,
  untagClosures,
  updateEvent,
  type DisasterEventRecord,
} from '../../adapters/drfa/events';
import { entriesOf, type WorkEntryRecord } from '../../adapters/drfa/works';
import { workTotals } from '../../core/drfa/works';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const ALL_VIEWS = ['ACTIVE', 'SCHEDULED', 'RECENTLY_OPENED', 'ARCHIVED', 'DELETED'] as const;

/** The event with its tags and the totals of its closures' works entries (all the council's entries, when the caller has them). */
export async function presentEvent(e: DisasterEventRecord, councilEntries?: readonly WorkEntryRecord[]) {
  const closureIds = await taggedClosureIds(e.lgaCode, e.id);
  const tagged = new Set(closureIds);
  const entries = councilEntries ?? (await entriesOf(e.lgaCode));
  return {
    id: e.id,
    lgaCode: e.lgaCode,
    name: e.name,
    agrn: e.agrn ?? null,
    startDay: e.startDay,
    endDay: e.endDay ?? null,
    measures: e.measures ?? [],
    closureIds,
    totals: workTotals(entries.filter((w) => tagged.has(w.closureId))),
    version: e.version,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

/** The closures a tag call names: each one of the event's council, or those of an area and days. */
async function closuresToTag(event: DisasterEventRecord, input: EventTagInputValue): Promise<string[]> {
  const ids = new Set<string>();
  if (input.closureIds?.length) {
    const found = new Map((await getClosures([...new Set(input.closureIds)])).map((c) => [c.id, c]));
    for (const id of input.closureIds) {
      if (found.get(id)?.lgaCode !== event.lgaCode) throw validationError(`Closure ${id} is not a closure of this council`);
      ids.add(id);
    }
  }
  if (input.area && input.fromDay && input.toDay) {
    const now = nowSeconds();
    const { from, to } = dayRangeIn(input.fromDay, input.toDay, timeZoneOfLga(event.lgaCode));
    const all: ClosureRecord[] = (await Promise.all(ALL_VIEWS.map((v) => allClosuresInView(event.lgaCode, v, now)))).flat();
    for (const c of all) if (inAreaAndDays(c, periodsAt(c, now), input.area, from, to, now)) ids.add(c.id);
  }
  if (ids.size > MAX_TAGS_PER_CALL) throw validationError(`Tag at most ${MAX_TAGS_PER_CALL} closures at once`);
  return [...ids];
}

export const eventFields = {
  disasterEvents: field({
    args: z.object({ lgaCode }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      requireAnyOf(await principal(), args.lgaCode, EVENT_READERS);
      const [events, entries] = await Promise.all([listEvents(args.lgaCode), entriesOf(args.lgaCode)]);
      return Promise.all(events.map((e) => presentEvent(e, entries)));
    },
  }),

  saveDisasterEvent: field({
    args: z.object({ input: DisasterEventInput }).strict(),
    access: 'user',
    async resolve({ args: { input }, principal }) {
      const p = requireAnyOf(await principal(), input.lgaCode, EVENT_RECORDERS);
      if (!input.id) return presentEvent(await createEvent(input, p.uid));
      const before = await loadEvent(input.id);
      if (before.lgaCode !== input.lgaCode) throw validationError('An event cannot be moved to another council');
      return presentEvent(await updateEvent(before, input, p.uid));
    },
  }),

  tagEventClosures: field({
    args: z.object({ input: EventTagInput }).strict(),
    access: 'user',
    async resolve({ args: { input }, principal }) {
      const event = await loadEvent(input.eventId);
      const p = requireAnyOf(await principal(), event.lgaCode, EVENT_RECORDERS);
      const ids = await closuresToTag(event, input);
      if (input.remove) await untagClosures(event.lgaCode, event.id, ids);
      else await tagClosures(event.lgaCode, event.id, ids, p.uid, nowSeconds());
      return presentEvent(event);
    },
  }),
};
