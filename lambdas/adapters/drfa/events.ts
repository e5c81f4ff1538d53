// Disaster events and their tagged closures in the table (docs/data.md#entities). An event and its
// name are written in one transaction, so two calls recording the same event leave one; an edit
// expects the version it read; a tag is a put, so tagging twice leaves one tag.
import { randomUUID } from 'node:crypto';
import { conflict, notFound } from '../../core/errors';
import { eventNameKey, type DisasterEventInputValue } from '../../core/drfa/events';
import { db } from '../db/db';

export interface DisasterEventRecord {
  lgaCode: string;
  id: string;
  name: string;
  agrn?: string;
  startDay: string;
  endDay?: string;
  measures?: string[];
  createdBy: string;
  updatedBy?: string;
  version: number;
  createdAt: number;
  updatedAt: number;
}

export const EVENT_NOT_FOUND = 'Disaster event not found';
const nameTaken = (name: string) => conflict(`An event named "${name}" is already recorded for this council`);

/** The council is the start of the id: an id names its partition. */
export const lgaOfEventId = (id: string) => id.split('-')[0] ?? '';

export async function getEvent(id: string): Promise<DisasterEventRecord | undefined> {
  const lgaCode = lgaOfEventId(id);
  if (!/^\d{5}$/.test(lgaCode)) return undefined;
  const { data } = await db().entities.disasterEvent.get({ lgaCode, id }).go({ consistent: true });
  return (data as DisasterEventRecord | null) ?? undefined;
}

export async function loadEvent(id: string): Promise<DisasterEventRecord> {
  const event = await getEvent(id);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return event;
}

export async function listEvents(lgaCode: string): Promise<DisasterEventRecord[]> {
  const { data } = await db().entities.disasterEvent.query.byLga({ lgaCode }).go({ pages: 'all' });
  return (data as DisasterEventRecord[]).sort((a, b) => b.startDay.localeCompare(a.startDay) || a.name.localeCompare(b.name));
}

const fieldsOf = (input: DisasterEventInputValue) => ({
  name: input.name,
  agrn: input.agrn ?? undefined,
  startDay: input.startDay,
  endDay: input.endDay ?? undefined,
  measures: input.measures ?? [],
});

export async function createEvent(input: DisasterEventInputValue, uid: string): Promise<DisasterEventRecord> {
  const id = `${input.lgaCode}-${randomUUID()}`;
  const item = { lgaCode: input.lgaCode, id, ...fieldsOf(input), createdBy: uid, updatedBy: uid, version: 1 };
  const { canceled } = await db()
    .transaction.write(({ disasterEvent, disasterEventName }) => [
      disasterEventName.create({ lgaCode: input.lgaCode, key: eventNameKey(input.name), eventId: id }).commit(),
      disasterEvent.create(item).commit(),
    ])
    .go();
  if (canceled) throw nameTaken(input.name);
  return loadEvent(id);
}

/** An edit of the event as the form read it (`version`); a rename moves the name's claim with it. */
export async function updateEvent(before: DisasterEventRecord, input: DisasterEventInputValue, uid: string): Promise<DisasterEventRecord> {
  const expected = input.version ?? before.version;
  if (expected !== before.version) throw conflict('This event was changed by someone else. Reload to see the changes.');
  const fields = fieldsOf(input);
  const renamed = eventNameKey(before.name) !== eventNameKey(input.name);
  const { canceled, data } = await db()
    .transaction.write(({ disasterEvent, disasterEventName }) => [
      disasterEvent
        .patch({ lgaCode: before.lgaCode, id: before.id })
        .set({ ...fields, updatedBy: uid, version: before.version + 1 })
        .remove([...(fields.agrn ? [] : ['agrn' as const]), ...(fields.endDay ? [] : ['endDay' as const])])
        .where(({ version }, { eq }) => eq(version, before.version))
        .commit(),
      ...(renamed
        ? [
            disasterEventName.delete({ lgaCode: before.lgaCode, key: eventNameKey(before.name) }).commit(),
            disasterEventName.create({ lgaCode: before.lgaCode, key: eventNameKey(input.name), eventId: before.id }).commit(),
          ]
        : []),
    ])
    .go();
  if (canceled) {
    const codes = (data as { code?: string }[]).map((d) => d.code);
    if (renamed && codes[2] === 'ConditionalCheckFailed' && codes[0] !== 'ConditionalCheckFailed') throw nameTaken(input.name);
    throw conflict('This event was changed by someone else. Reload to see the changes.');
  }
  return loadEvent(before.id);
}

export async function taggedClosureIds(lgaCode: string, eventId: string): Promise<string[]> {
  const { data } = await db().entities.eventClosure.query.byEvent({ lgaCode, eventId }).go({ pages: 'all' });
  return data.map((t) => t.closureId);
}

export async function tagClosures(lgaCode: string, eventId: string, closureIds: readonly string[], uid: string, now: number): Promise<void> {
  if (closureIds.length === 0) return;
  await db()
    .entities.eventClosure.put(closureIds.map((closureId) => ({ lgaCode, eventId, closureId, taggedBy: uid, taggedAt: now })))
    .go();
}

export async function untagClosures(lgaCode: string, eventId: string, closureIds: readonly string[]): Promise<void> {
  if (closureIds.length === 0) return;
  await db()
    .entities.eventClosure.delete(closureIds.map((closureId) => ({ lgaCode, eventId, closureId })))
    .go();
}
