// Announcements of an LGA in the table (LGA#{code} / ANN#{createdAt}#{id}): reading the LGA's
// list and its current unsealed-roads status, and persisting the status plans core decides.
// Changes that touch two announcements (reactivating one while another is active) are one
// transaction; every change is conditional on the item still being what was read.
import { randomUUID } from 'node:crypto';
import {
  currentUnsealed,
  type AnnouncementFields,
  type AnnouncementRecord,
  type StatusPlan,
} from '../../core/announcements/rules';
import { db } from '../db/db';

/** The newest announcements first; an LGA's history is short, so one bounded read. */
export const ANNOUNCEMENT_LIST_LIMIT = 100;

const asRecord = (a: unknown) => a as AnnouncementRecord;
const keyOf = (a: Pick<AnnouncementRecord, 'lgaCode' | 'createdAt' | 'id'>) => ({ lgaCode: a.lgaCode, createdAt: a.createdAt, id: a.id });

export async function announcementsOfLga(lgaCode: string, activeOnly: boolean): Promise<AnnouncementRecord[]> {
  const query = db().entities.announcement.query.byLga({ lgaCode });
  const { data } = activeOnly
    ? await query.where(({ status }, { eq }) => eq(status, 'active')).go({ order: 'desc', limit: ANNOUNCEMENT_LIST_LIMIT })
    : await query.go({ order: 'desc', limit: ANNOUNCEMENT_LIST_LIMIT });
  return data.map(asRecord);
}

/** The LGA's active unsealed-roads announcement, if any (none means open). */
export async function currentUnsealedAnnouncement(lgaCode: string): Promise<AnnouncementRecord | undefined> {
  const { data } = await db()
    .entities.announcement.query.byLga({ lgaCode })
    .where(({ status, type }, { eq }) => `${eq(status, 'active')} AND ${eq(type, 'unsealed_roads')}`)
    .go({ order: 'desc', pages: 'all' });
  return currentUnsealed(data.map(asRecord));
}

export async function announcementById(id: string): Promise<AnnouncementRecord | undefined> {
  const { data } = await db().entities.announcement.query.byId({ id }).go({ limit: 1 });
  return data[0] ? asRecord(data[0]) : undefined;
}

const fieldsToSet = (f: AnnouncementFields) => ({
  type: f.type,
  title: f.title,
  unsealedRoadsStatus: f.unsealedRoadsStatus,
  vehicleRestrictions: f.vehicleRestrictions,
  expiresAt: f.expiresAt,
});

/** Persists a status plan; returns the announcement as it now stands (undefined when unchanged). */
export async function applyStatusPlan(lgaCode: string, plan: StatusPlan, actor: string): Promise<AnnouncementRecord | undefined> {
  const entity = db().entities.announcement;
  switch (plan.kind) {
    case 'unchanged':
      return undefined;
    case 'archive':
      return setArchived(plan.announcement, actor);
    case 'update': {
      const patch = entity
        .patch(keyOf(plan.announcement))
        .set({ ...fieldsToSet(plan.fields), status: 'active', notificationSent: false, updatedBy: actor });
      const withMessage = plan.fields.message === undefined ? patch.remove(['message']) : patch.set({ message: plan.fields.message });
      const { data } = await withMessage.where(({ status }, { eq }) => eq(status, 'active')).go({ response: 'all_new' });
      return asRecord(data);
    }
    case 'create': {
      const { data } = await entity
        .create({ lgaCode, id: randomUUID(), ...fieldsToSet(plan.fields), message: plan.fields.message, status: 'active', createdBy: actor, updatedBy: actor, notificationSent: false })
        .go();
      return asRecord(data);
    }
  }
}

export async function setArchived(a: AnnouncementRecord, actor: string): Promise<AnnouncementRecord> {
  const { data } = await db()
    .entities.announcement.patch(keyOf(a))
    .set({ status: 'archived', notificationSent: false, updatedBy: actor })
    // The status/expiry index key is rebuilt from both parts, so the unchanged part is supplied.
    .composite({ expiresAt: a.expiresAt })
    .go({ response: 'all_new' });
  return asRecord(data);
}

/**
 * Makes an archived announcement active again with the given expiry. An unsealed-roads
 * announcement replaces the LGA's current one (archived in the same transaction), so the LGA
 * never has two statuses at once.
 */
export async function reactivate(a: AnnouncementRecord, expiresAt: number, replaces: AnnouncementRecord | undefined, actor: string): Promise<AnnouncementRecord> {
  const { canceled } = await db()
    .transaction.write(({ announcement }) => [
      announcement
        .patch(keyOf(a))
        .set({ status: 'active', expiresAt, notificationSent: false, updatedBy: actor })
        .where(({ status }, { eq }) => eq(status, 'archived'))
        .commit(),
      ...(replaces && replaces.id !== a.id
        ? [announcement.patch(keyOf(replaces)).set({ status: 'archived', updatedBy: actor }).composite({ expiresAt: replaces.expiresAt }).commit()]
        : []),
    ])
    .go();
  if (canceled) throw new Error('reactivation was cancelled');
  return (await announcementById(a.id))!;
}

export async function remove(a: AnnouncementRecord): Promise<void> {
  await db().entities.announcement.delete(keyOf(a)).go();
}

/**
 * Records that the change an announcement's subscribers were told about was notified, only while
 * the announcement is still that change (same update time and status): the notifications run
 * after the change, and a later change (archived, updated again) must not read "notified".
 * Returns whether it was recorded.
 */
export async function markNotificationSent(a: Pick<AnnouncementRecord, 'lgaCode' | 'createdAt' | 'id' | 'updatedAt' | 'status'>): Promise<boolean> {
  return db()
    .entities.announcement.patch(keyOf(a))
    .set({ notificationSent: true })
    .where(({ updatedAt, status }, { eq }) => `${eq(updatedAt, a.updatedAt)} AND ${eq(status, a.status)}`)
    .go()
    .then(() => true)
    // Changed or deleted since: nothing of that change is left to mark.
    .catch(() => false);
}
