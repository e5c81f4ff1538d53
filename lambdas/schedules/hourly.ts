// EventBridge schedule, every hour (locally a timer): archive closures reopened more than 24 h
// ago and expire announcements past expiresAt.
import { Logger } from '@aws-lambda-powertools/logger';
import { archiveReopenedClosures, expireAnnouncements } from '../adapters/schedules/housekeeping';
import { recordScheduleRun } from '../adapters/admin/schedule-runs';

const logger = new Logger({ serviceName: 'road-closures-schedules' });

export const handler = () =>
  recordScheduleRun('housekeeping', housekeeping, (r) => `${r.archivedClosures.length} closures archived, ${r.expiredAnnouncements.length} announcements expired`);

async function housekeeping() {
  const now = Math.floor(Date.now() / 1000);
  const archivedClosures = await archiveReopenedClosures(now);
  const expiredAnnouncements = await expireAnnouncements(now);
  logger.info('hourly housekeeping', { archivedClosures: archivedClosures.length, expiredAnnouncements: expiredAnnouncements.length });
  return { archivedClosures, expiredAnnouncements };
}
