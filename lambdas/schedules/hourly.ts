// EventBridge schedule, every hour (locally a timer): archive closures reopened more than 24 h
// ago, expire announcements past expiresAt, and rewrite the open feeds. A feed's end dates follow
// the clock as well as the closures (an estimated reopening that has passed, the horizon of a
// closure with no estimate), so a feed left alone would in time say a closed road is open.
import { Logger } from '@aws-lambda-powertools/logger';
import { archiveReopenedClosures, expireAnnouncements } from '../adapters/schedules/housekeeping';
import { recordScheduleRun } from '../adapters/admin/schedule-runs';
import { regenerateEveryLgaFeeds } from '../adapters/comms/feeds';

const logger = new Logger({ serviceName: 'road-closures-schedules' });

export const handler = () =>
  recordScheduleRun('housekeeping', housekeeping, (r) => `${r.archivedClosures.length} closures archived, ${r.expiredAnnouncements.length} announcements expired, feeds of ${r.feedsRewritten.length} councils rewritten`);

async function housekeeping() {
  const now = Math.floor(Date.now() / 1000);
  const archivedClosures = await archiveReopenedClosures(now);
  const expiredAnnouncements = await expireAnnouncements(now);
  const feedsRewritten = await regenerateEveryLgaFeeds(now);
  logger.info('hourly housekeeping', { archivedClosures: archivedClosures.length, expiredAnnouncements: expiredAnnouncements.length, feedsRewritten: feedsRewritten.length });
  return { archivedClosures, expiredAnnouncements, feedsRewritten };
}
