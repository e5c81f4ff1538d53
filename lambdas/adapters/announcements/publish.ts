// The domain event every announcement change emits (announcement.changed): the consumers notify
// the LGA's subscribers and deliver the change live (./live.ts).
import type { AnnouncementRecord } from '../../core/announcements/rules';
import { publishEvent } from '../platform/events';
import { ANNOUNCEMENT_CHANGED, presentAnnouncement, type AnnouncementChange, type AnnouncementChangedDetail } from './live';

export async function publishAnnouncementChanged(
  a: AnnouncementRecord,
  change: AnnouncementChange,
  statusChanged: boolean,
  actor?: string,
): Promise<void> {
  const detail: AnnouncementChangedDetail = {
    lgaCode: a.lgaCode,
    announcementId: a.id,
    change,
    announcement: presentAnnouncement(a, change === 'deleted' ? 'deleted' : a.status),
    statusChanged,
  };
  await publishEvent(ANNOUNCEMENT_CHANGED, detail, actor);
}

