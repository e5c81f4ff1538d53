// A closure administrator's daily reminder: the closures starting soon, overdue for reopening
// or stale that it lists, and marking one of them actioned.
import { gql } from '../../../lib/api';
import type { AppNotification } from './notifications';

export interface ReminderEntry {
  closureId: string;
  type: string;
  formattedAddress?: string;
  at?: number;
  actioned: boolean;
}

export const REMINDER_SECTIONS = [
  { list: 'scheduled', title: 'Starting soon' },
  { list: 'overdue', title: 'Overdue for reopening' },
  { list: 'stale', title: 'Not updated for 7 days' },
] as const;
export type ReminderList = (typeof REMINDER_SECTIONS)[number]['list'];
export type ReminderData = Record<ReminderList, ReminderEntry[]>;

const isEntry = (e: unknown): e is ReminderEntry =>
  typeof e === 'object' && e !== null && typeof (e as ReminderEntry).closureId === 'string' && typeof (e as ReminderEntry).type === 'string';

/** The reminder lists of a notification; undefined for any other notification. */
export function reminderDataOf(n: Pick<AppNotification, 'data'>): ReminderData | undefined {
  if (!n.data) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(n.data);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const lists = raw as Record<string, unknown>;
  if (!REMINDER_SECTIONS.some(({ list }) => Array.isArray(lists[list]))) return undefined;
  return Object.fromEntries(
    REMINDER_SECTIONS.map(({ list }) => [list, Array.isArray(lists[list]) ? (lists[list] as unknown[]).filter(isEntry).map((e) => ({ ...e, actioned: e.actioned === true })) : []]),
  ) as ReminderData;
}

export async function markReminderActioned(notificationId: string, closureId: string): Promise<AppNotification> {
  const data = await gql<{ markReminderActioned: AppNotification }>(
    `mutation MarkActioned($notificationId: ID!, $closureId: ID!) {
      markReminderActioned(notificationId: $notificationId, closureId: $closureId) { id uid title body timestamp seen read redirectTo resourceId icon data }
    }`,
    { notificationId, closureId },
  );
  return data.markReminderActioned;
}
