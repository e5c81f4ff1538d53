// Closure administrators' reminders (docs/architecture.md#schedules): closures about to start,
// overdue for reopening or stale, each entry markable as actioned. Pure: the schedule loads the
// closures.
import { closureTypeOf } from '../closures/types';
import type { NotificationContent } from './messages';

/** Scheduled closures starting within this window are listed. */
export const STARTING_SOON_SECONDS = 24 * 3600;
const DAY = 86_400;

export const REMINDER_LISTS = ['scheduled', 'overdue', 'stale'] as const;
export type ReminderList = (typeof REMINDER_LISTS)[number];

export interface ReminderEntry {
  closureId: string;
  type: string;
  formattedAddress?: string;
  /** scheduledFor, estimatedReopening or updatedAt, by list. */
  at?: number;
  actioned: boolean;
}
export type ReminderData = Record<ReminderList, ReminderEntry[]>;

export interface ClosureSummary {
  id: string;
  type: string;
  formattedAddress?: string;
  scheduledFor?: number;
  estimatedReopening?: number;
  updatedAt: number;
}

const entry = (c: ClosureSummary, at?: number): ReminderEntry => ({
  closureId: c.id,
  type: closureTypeOf(c.type).text,
  formattedAddress: c.formattedAddress,
  at,
  actioned: false,
});

export function reminderData(lists: { scheduled: ClosureSummary[]; overdue: ClosureSummary[]; stale: ClosureSummary[] }, now: number): ReminderData {
  return {
    scheduled: lists.scheduled.filter((c) => (c.scheduledFor ?? Infinity) <= now + STARTING_SOON_SECONDS).map((c) => entry(c, c.scheduledFor)),
    overdue: lists.overdue.map((c) => entry(c, c.estimatedReopening)),
    stale: lists.stale.map((c) => entry(c, c.updatedAt)),
  };
}

export const isEmptyReminder = (d: ReminderData) => REMINDER_LISTS.every((l) => d[l].length === 0);

/**
 * The schedule runs every 15 minutes; administrators hear once a day per LGA. The day (UTC)
 * is the reminder's event: the first run of the day claims it and stamps the reminder with its
 * own time (what the administrator sees as "arrived"); later runs that day reuse that stamp, so
 * their notification ids repeat and nothing new is written.
 */
export function reminderEvent(lgaCode: string, now: number): { eventId: string } {
  const day = Math.floor(now / DAY) * DAY;
  return { eventId: `reminders:${lgaCode}:${day}` };
}

export function reminderContent(lgaCode: string, lgaName: string | undefined, d: ReminderData): NotificationContent {
  const parts = [
    d.scheduled.length && `${d.scheduled.length} starting soon`,
    d.overdue.length && `${d.overdue.length} overdue for reopening`,
    d.stale.length && `${d.stale.length} not updated for 7 days`,
  ].filter(Boolean);
  return {
    title: `Closures to review in ${lgaName ?? lgaCode}`,
    body: parts.join(', '),
    redirectTo: d.overdue.length ? '/closures/reopening-overdue' : d.stale.length ? '/closures/stale' : '/closures/scheduled',
    resourceId: lgaCode,
    icon: 'clock',
  };
}

/** Marks one closure entry actioned in whichever list holds it; undefined when none does. */
export function markActioned(d: ReminderData, closureId: string): ReminderData | undefined {
  let found = false;
  const next = Object.fromEntries(
    REMINDER_LISTS.map((l) => [
      l,
      (d[l] ?? []).map((e) => {
        if (e.closureId !== closureId) return e;
        found = true;
        return { ...e, actioned: true };
      }),
    ]),
  ) as ReminderData;
  return found ? next : undefined;
}
