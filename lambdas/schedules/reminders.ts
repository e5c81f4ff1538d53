// EventBridge schedule, every 15 minutes (locally a timer). It starts scheduled closures whose
// time has come (SCHEDULED → ACTIVE, counters and activity in one transaction each). The
// reminders to closure administrators (starting soon, overdue, stale) go out once a day per LGA
// (lambdas/adapters/notifications/reminders.ts).
import { Logger } from '@aws-lambda-powertools/logger';
import { lgasWithClosures } from '../adapters/closures/store';
import { startDueScheduledClosures } from '../adapters/closures/commands';
import { sendClosureReminders } from '../adapters/notifications/reminders';
import { recordScheduleRun } from '../adapters/admin/schedule-runs';
import { sendDueDigests } from './digests';

const logger = new Logger({ serviceName: 'road-closures-schedules' });

export const handler = () =>
  recordScheduleRun('reminders', reminders, (r) => `${r.startedClosures.length} scheduled closures started, ${r.remindersSent} reminders sent, ${r.digestsSent} daily digests mailed`);

async function reminders() {
  const now = Math.floor(Date.now() / 1000);
  const started: string[] = [];
  // The SCHEDULED counter's partition names exactly the LGAs that have scheduled closures.
  for (const lgaCode of await lgasWithClosures('SCHEDULED')) started.push(...(await startDueScheduledClosures(lgaCode, now)));
  // Reminders (notifications issue): after the starts, so a started closure is not listed as starting.
  const remindersSent = await sendClosureReminders(now);
  // Daily alert digests whose hour has come (within this schedule's 15 minutes of it).
  const digestsSent = (await sendDueDigests(now)).sent;
  logger.info('reminders', { startedClosures: started.length, remindersSent, digestsSent });
  return { remindersSent, startedClosures: started, digestsSent };
}
