// Announcement changes as subscribers see them: the contract's shape, the event detail, and the
// live delivery to onAnnouncementChanged(lgaCode) subscribers (the event consumer calls the
// IAM-only publishAnnouncementChange mutation in AWS; locally the runtime's publish hook).
import { NO_EXPIRY, type AnnouncementRecord } from '../../core/announcements/rules';
import { publishThroughMutation } from '../platform/appsync-iam';

export const ANNOUNCEMENT_CHANGED = 'announcement.changed';
export type AnnouncementChange = 'set' | 'archived' | 'reactivated' | 'expired' | 'deleted';

export interface AnnouncementChangedDetail extends Record<string, unknown> {
  lgaCode: string;
  announcementId: string;
  change: AnnouncementChange;
  /** The announcement after the change (a deleted one as it was, with status "deleted"). */
  announcement: PresentedAnnouncement;
  /** Whether the LGA's unsealed-roads status changed, so its subscribers are told. */
  statusChanged: boolean;
}

export type PresentedAnnouncement = ReturnType<typeof presentAnnouncement>;

/** The Announcement as the contract shapes it. */
export function presentAnnouncement(a: AnnouncementRecord, status: string = a.status) {
  return {
    id: a.id,
    lgaCode: a.lgaCode,
    type: a.type,
    title: a.title,
    message: a.message ?? null,
    status,
    unsealedRoadsStatus: a.unsealedRoadsStatus ?? null,
    vehicleRestrictions: a.vehicleRestrictions
      ? { enabled: a.vehicleRestrictions.enabled, maxGVM: a.vehicleRestrictions.maxGVM ?? null, restrictionMessage: a.vehicleRestrictions.restrictionMessage ?? null }
      : null,
    expiresAt: a.expiresAt >= NO_EXPIRY ? null : a.expiresAt,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    notificationSent: a.notificationSent === true,
  };
}

const FIELDS = 'id lgaCode type title message status unsealedRoadsStatus vehicleRestrictions { enabled maxGVM restrictionMessage } expiresAt createdAt updatedAt notificationSent';
const PUBLISH = `mutation PublishAnnouncementChange($input: AnnouncementChangeInput!) { publishAnnouncementChange(input: $input) { ${FIELDS} } }`;

export async function publishAnnouncementLive(announcement: PresentedAnnouncement): Promise<void> {
  await publishThroughMutation('publishAnnouncementChange', announcement, PUBLISH, { input: announcement });
}
