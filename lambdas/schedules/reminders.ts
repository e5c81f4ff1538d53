// EventBridge schedule, every 15 minutes (locally a timer). It starts scheduled closures whose
// time has come (SCHEDULED → ACTIVE, counters and activity in one transaction each). The
// reopening reminders to closure administrators (scheduled, overdue, stale) arrive with the
// notifications issue; until then it sends none.
import { Logger } from '@aws-lambda-powertools/logger';
import { lgasWithClosures } from '../adapters/closures';
import { startDueScheduledClosures } from '../adapters/closures-commands';

const logger = new Logger({ serviceName: 'road-closures-schedules' });

export const handler = async () => {
  const now = Math.floor(Date.now() / 1000);
  const started: string[] = [];
  // The SCHEDULED counter's partition names exactly the LGAs that have scheduled closures.
  for (const lgaCode of await lgasWithClosures('SCHEDULED')) started.push(...(await startDueScheduledClosures(lgaCode, now)));
  logger.info('reminders', { startedClosures: started.length });
  return { remindersSent: 0, startedClosures: started };
};
