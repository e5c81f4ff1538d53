// EventBridge schedule, every 15 minutes (locally a timer). The reopening reminders it sends to
// closure administrators (scheduled, overdue, stale) arrive with the notifications issue; until
// then it reports that it ran and sends nothing.
import { Logger } from '@aws-lambda-powertools/logger';

const logger = new Logger({ serviceName: 'road-closures-schedules' });

export const handler = async () => {
  logger.debug('reminders: no reminder kinds are enabled yet');
  return { remindersSent: 0 };
};
