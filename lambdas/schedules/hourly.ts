// EventBridge schedule, every hour (locally a timer): archive closures reopened more than 24 h
// ago and expire announcements past expiresAt.
import { Logger } from '@aws-lambda-powertools/logger';
import { archiveReopenedClosures, expireAnnouncements } from '../adapters/housekeeping';

const logger = new Logger({ serviceName: 'road-closures-schedules' });

export const handler = async () => {
  const now = Math.floor(Date.now() / 1000);
  const archivedClosures = await archiveReopenedClosures(now);
  const expiredAnnouncements = await expireAnnouncements(now);
  logger.info('hourly housekeeping', { archivedClosures: archivedClosures.length, expiredAnnouncements: expiredAnnouncements.length });
  return { archivedClosures, expiredAnnouncements };
};
