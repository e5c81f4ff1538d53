// Works and costs in the council's DRFA partition (docs/data.md#entities): a closure's road segment
// and chainage (one item, edited against the version read) and its works entries (a new entry is
// created only if its id is new, so two saves of one form make one entry; an edit expects the
// version it read; a delete removes an entry that exists).
import { conflict, notFound } from '../../core/errors';
import type { Actor } from '../../core/closures/types';
import { WORK_ENTRY_NOT_FOUND, entryFields, type RoadSegmentInputValue, type WorkEntryInputValue } from '../../core/drfa/works';
import { db } from '../db/db';

export interface RoadSegmentRecord {
  lgaCode: string;
  closureId: string;
  roadSegmentId?: string;
  chainageStartKm?: number;
  chainageEndKm?: number;
  updatedBy: Actor;
  version: number;
  createdAt: number;
  updatedAt: number;
}

export interface WorkEntryRecord {
  lgaCode: string;
  closureId: string;
  id: string;
  kind: string;
  description?: string;
  devices?: number;
  fromDay?: string;
  toDay?: string;
  hours?: number;
  amountCents?: number;
  costKind?: string;
  reference?: string;
  enteredBy: Actor;
  updatedBy?: Actor;
  version: number;
  createdAt: number;
  updatedAt: number;
}

const CHANGED = 'This was changed by someone else. Reload to see the changes.';

export async function getSegment(lgaCode: string, closureId: string): Promise<RoadSegmentRecord | undefined> {
  const { data } = await db().entities.closureSegment.get({ lgaCode, closureId }).go({ consistent: true });
  return (data as RoadSegmentRecord | null) ?? undefined;
}

/** Every segment of the council, by closure (the claim pack reads them all at once). */
export async function segmentsOf(lgaCode: string): Promise<Map<string, RoadSegmentRecord>> {
  const { data } = await db().entities.closureSegment.query.byLga({ lgaCode }).go({ pages: 'all' });
  return new Map((data as RoadSegmentRecord[]).map((s) => [s.closureId, s]));
}

/** Records the segment and chainage: a first record only if none exists, an edit only of the version read. */
export async function saveSegment(lgaCode: string, input: RoadSegmentInputValue, actor: Actor): Promise<RoadSegmentRecord> {
  const fields = {
    roadSegmentId: input.roadSegmentId,
    chainageStartKm: input.chainageStartKm ?? undefined,
    chainageEndKm: input.chainageEndKm ?? undefined,
  };
  const entity = db().entities.closureSegment;
  try {
    if (!input.version) {
      await entity.create({ lgaCode, closureId: input.closureId, ...fields, updatedBy: actor, version: 1 }).go();
    } else {
      const cleared = (['roadSegmentId', 'chainageStartKm', 'chainageEndKm'] as const).filter((k) => fields[k] === undefined);
      await entity
        .patch({ lgaCode, closureId: input.closureId })
        .set({ ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)), updatedBy: actor, version: input.version + 1 })
        .remove(cleared)
        .where(({ version }, { eq }) => eq(version, input.version!))
        .go();
    }
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(CHANGED);
    throw error;
  }
  return (await getSegment(lgaCode, input.closureId))!;
}

export async function listEntries(lgaCode: string, closureId: string): Promise<WorkEntryRecord[]> {
  const { data } = await db().entities.workEntry.query.byLga({ lgaCode, closureId }).go({ pages: 'all' });
  return sortEntries(data as WorkEntryRecord[]);
}

/** Every works entry of the council (an event's totals and claim pack pick its closures' entries). */
export async function entriesOf(lgaCode: string): Promise<WorkEntryRecord[]> {
  const { data } = await db().entities.workEntry.query.byLga({ lgaCode }).go({ pages: 'all' });
  return sortEntries(data as WorkEntryRecord[]);
}

const sortEntries = (entries: WorkEntryRecord[]) =>
  entries.sort((a, b) => (a.fromDay ?? '').localeCompare(b.fromDay ?? '') || a.createdAt - b.createdAt || a.id.localeCompare(b.id));

export async function getEntry(lgaCode: string, closureId: string, id: string): Promise<WorkEntryRecord | undefined> {
  const { data } = await db().entities.workEntry.get({ lgaCode, closureId, id }).go({ consistent: true });
  return (data as WorkEntryRecord | null) ?? undefined;
}

const isConditionFailure = (error: unknown) => /conditional request failed|ConditionalCheckFailed/i.test(String((error as Error)?.message ?? error)) || (error as { cause?: { name?: string } })?.cause?.name === 'ConditionalCheckFailedException';

/** A new entry (its id unused) or an edit of the version read. */
export async function saveEntry(lgaCode: string, input: WorkEntryInputValue, actor: Actor): Promise<WorkEntryRecord> {
  const fields = entryFields(input);
  const entity = db().entities.workEntry;
  const key = { lgaCode, closureId: input.closureId, id: input.id };
  try {
    if (!input.version) {
      await entity.create({ ...key, ...stripUndefined(fields), kind: fields.kind, enteredBy: actor, version: 1 }).go();
    } else {
      const cleared = (Object.keys(fields) as (keyof typeof fields)[]).filter((k) => k !== 'kind' && fields[k] === undefined);
      await entity
        .patch(key)
        .set({ ...stripUndefined(fields), updatedBy: actor, version: input.version + 1 })
        .remove(cleared as never[])
        .where(({ version }, { eq }) => eq(version, input.version!))
        .go();
    }
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    if (!input.version) throw conflict('This entry is already saved. Reload to see it.');
    if (!(await getEntry(lgaCode, input.closureId, input.id))) throw notFound(WORK_ENTRY_NOT_FOUND);
    throw conflict(CHANGED);
  }
  return (await getEntry(lgaCode, input.closureId, input.id))!;
}

/** Removes an entry that exists (a second delete finds nothing: NotFound). */
export async function deleteEntry(lgaCode: string, closureId: string, id: string): Promise<WorkEntryRecord> {
  const { data } = await db()
    .entities.workEntry.delete({ lgaCode, closureId, id })
    .where((attr, { exists }) => exists(attr.id))
    .go({ response: 'all_old' })
    .catch((error: unknown) => {
      if (isConditionFailure(error)) throw notFound(WORK_ENTRY_NOT_FOUND);
      throw error;
    });
  if (!data) throw notFound(WORK_ENTRY_NOT_FOUND);
  return data as WorkEntryRecord;
}

const stripUndefined = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
