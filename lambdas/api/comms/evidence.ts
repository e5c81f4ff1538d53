// drfaEvidence: the closures of an LGA in effect during a date range (deleted ones included and
// marked), with the periods they were closed or had changed conditions, their activity trail and
// photo thumbnails; the browser turns it into the CSV and the PDF report (docs/drfa.md).
import { z } from 'zod';
import { field } from '../resolver';
import { notFound, validationError } from '../../core/errors';
import { lgaCode } from '../../core/validation';
import { closureTypeOf } from '../../core/closures/types';
import { roadAndLocality } from '../../core/comms/tasks';
import { dayRangeIn, timeZoneOfLga } from '../../core/council-time';
import { MAX_EVIDENCE_RANGE_SECONDS, affectedRange, evidenceLocation, evidenceTimes } from '../../core/comms/evidence';
import { eventId } from '../../core/drfa/events';
import { getClosures, listActivities } from '../../adapters/closures/store';
import { allClosuresInView } from '../../adapters/closures/query';
import { EVENT_NOT_FOUND, loadEvent, taggedClosureIds, type DisasterEventRecord } from '../../adapters/drfa/events';
import { getLga } from '../../adapters/foundation/lgas';
import { segmentsOf } from '../../adapters/drfa/works';
import { getMediaItems, presentMedia } from '../../adapters/media/store';
import { presentActivity } from '../closures/present';
import { requireEvidenceExporter } from './access';
import { presentEvent } from './drfa-events';

const VIEWS = ['ACTIVE', 'SCHEDULED', 'RECENTLY_OPENED', 'ARCHIVED', 'DELETED'] as const;
const timestamp = z.number().int().min(0, 'Invalid date').max(4_102_444_800, 'Invalid date');
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Invalid date');

export const EvidenceArgs = z
  .object({
    lgaCode,
    from: timestamp.nullish(),
    to: timestamp.nullish(),
    fromDay: day.nullish(),
    toDay: day.nullish(),
    /** A disaster event: its tagged closures, over the range given or else the event's days. */
    eventId: eventId.nullish(),
  })
  .strict();

const today = (timeZone: string) => new Date().toLocaleDateString('en-CA', { timeZone });

/** The range asked for: the council's own days when given as days, else the instants given, else the event's days. */
function rangeOf(args: z.infer<typeof EvidenceArgs>, timeZone: string, event?: DisasterEventRecord): { from: number; to: number } {
  if (event && !args.fromDay && args.from == null) {
    const end = event.endDay && event.endDay < today(timeZone) ? event.endDay : today(timeZone);
    return dayRangeIn(event.startDay, end < event.startDay ? event.startDay : end, timeZone);
  }
  if (args.fromDay && args.toDay) {
    if (args.toDay < args.fromDay) throw validationError('The end of the range must be after its start');
    return dayRangeIn(args.fromDay, args.toDay, timeZone);
  }
  if (args.from == null || args.to == null) throw validationError('Choose the start and end of the range');
  return { from: args.from, to: args.to };
}

export const createdWith = (activities: { action: string; payload?: Record<string, unknown> }[]) => {
  const value = activities.find((a) => a.action === 'created')?.payload?.scheduledFor;
  return typeof value === 'number' ? value : null;
};

/**
 * The closures an evidence request covers, oldest first: an event's tagged closures (all of them,
 * unless a range of days narrows them), or the council's closures in effect during the range (at
 * most a year). Shared by the CSV and PDF export and the zip of original photos, so both cover the
 * same closures.
 */
export async function chooseEvidenceClosures(args: z.infer<typeof EvidenceArgs>) {
  const timeZone = timeZoneOfLga(args.lgaCode);
  const event = args.eventId ? await loadEvent(args.eventId) : undefined;
  if (event && event.lgaCode !== args.lgaCode) throw notFound(EVENT_NOT_FOUND);
  const { from, to } = rangeOf(args, timeZone, event);
  if (to <= from) throw validationError('The end of the range must be after its start');
  // An event's claim is all of its closures, however long it ran; a range of days is at most a year.
  if (!event && to - from > MAX_EVIDENCE_RANGE_SECONDS) throw validationError('Choose a range of at most one year');
  const now = Math.floor(Date.now() / 1000);
  const lists = event
    ? [await getClosures(await taggedClosureIds(event.lgaCode, event.id))]
    : await Promise.all(VIEWS.map((view) => allClosuresInView(args.lgaCode, view, now)));
  const explicitRange = !event || args.fromDay != null || args.from != null;
  const seen = new Set<string>();
  // Closures written before periods were kept take their start from the activity trail.
  const timed = await Promise.all(
    lists
      .flat()
      .filter((c) => c.lgaCode === args.lgaCode && !seen.has(c.id) && seen.add(c.id))
      .map(async (c) => {
        const activities = c.periods ? undefined : (await listActivities(c.id)).reverse();
        return { c, activities, times: evidenceTimes(c, now, activities && createdWith(activities)) };
      }),
  );
  const closures = timed.filter(({ times }) => !explicitRange || affectedRange(times, from, to, now)).sort((a, b) => a.times.firstClosed - b.times.firstClosed);
  return { timeZone, event, from, to, now, closures };
}

export const evidenceFields = {
  drfaEvidence: field({
    args: EvidenceArgs,
    access: 'user',
    async resolve({ args, principal }) {
      requireEvidenceExporter(await principal(), args.lgaCode);
      const { timeZone, event, from, to, now, closures: chosen } = await chooseEvidenceClosures(args);
      const closures = await Promise.all(chosen.map(async (entry) => ({ ...entry, activities: entry.activities ?? (await listActivities(entry.c.id)).reverse() })));
      const media = await getMediaItems([...new Set(closures.flatMap(({ c }) => c.media))]);
      const photos = new Map(await Promise.all(media.map(async (m) => [m.id, await presentMedia(m)] as const)));
      const [lga, segments] = await Promise.all([getLga(args.lgaCode), segmentsOf(args.lgaCode)]);
      return {
        lgaCode: args.lgaCode,
        lgaName: lga?.name ?? null,
        from,
        to,
        generated: now,
        timeZone,
        event: event ? await presentEvent(event) : null,
        closures: closures.map(({ c, activities, times }) => {
          const location = evidenceLocation(c);
          return {
            id: c.id,
            start: location.start,
            end: location.end,
            lengthMetres: location.lengthMetres,
            // AWSJSON leaves as a JSON string.
            geometry: JSON.stringify(location.geometry),
            roadSegmentId: segments.get(c.id)?.roadSegmentId ?? null,
            chainageStartKm: segments.get(c.id)?.chainageStartKm ?? null,
            chainageEndKm: segments.get(c.id)?.chainageEndKm ?? null,
            type: closureTypeOf(c.type),
            condition: c.condition,
            ...roadAndLocality(c),
            formattedAddress: c.formattedAddress ?? null,
            reason: c.reason ?? null,
            detour: c.detour ?? null,
            firstClosed: times.firstClosed,
            reopened: c.openedAt ?? null,
            closedUntil: times.closedUntil,
            periods: times.periods.map((p) => ({ condition: p.condition, from: p.from, until: p.until ?? null })),
            closedSeconds: times.closedSeconds,
            changedSeconds: times.changedSeconds,
            durationSeconds: times.closedSeconds + times.changedSeconds,
            deletedAt: c.deletedAt ?? null,
            activities: activities.map(presentActivity),
            photos: c.media.flatMap((id) => (photos.has(id) ? [photos.get(id)!] : [])),
          };
        }),
      };
    },
  }),
};
