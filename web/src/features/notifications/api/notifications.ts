import { liveSubscription } from '../../../lib/amplify';
import { gql } from '../../../lib/api';

export interface AppNotification {
  id: string;
  uid: string;
  title: string;
  body: string | null;
  timestamp: number;
  seen: number | null;
  read: number | null;
  redirectTo: string | null;
  resourceId: string | null;
  icon: string | null;
  /** Reminders: the JSON of their closure lists. */
  data?: string | null;
}

export interface NotificationPage {
  items: AppNotification[];
  nextToken: string | null;
}

export type Channels = { inApp: boolean; push: boolean };
export interface NotificationSettings {
  closureUpdates: Channels;
  lgaUpdates: Channels;
  reportOutcomes: Channels;
}

/** Spec §9: the dropdown and list show 10 entries. */
export const DROPDOWN_LIMIT = 10;
/** Unread badge: counted from one page; more shows as "99+". */
export const UNREAD_COUNT_LIMIT = 99;

const FIELDS = 'id uid title body timestamp seen read redirectTo resourceId icon data';
const SETTINGS_FIELDS = 'closureUpdates { inApp push } lgaUpdates { inApp push } reportOutcomes { inApp push }';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (unreadOnly: boolean, limit: number) => ['notifications', 'list', unreadOnly, limit] as const,
  settings: ['notifications', 'settings'] as const,
};

export async function fetchNotifications(unreadOnly: boolean, limit: number, nextToken?: string | null): Promise<NotificationPage> {
  const data = await gql<{ notifications: NotificationPage }>(
    `query Notifications($unreadOnly: Boolean, $limit: Int, $nextToken: String) {
      notifications(unreadOnly: $unreadOnly, limit: $limit, nextToken: $nextToken) { items { ${FIELDS} } nextToken }
    }`,
    { unreadOnly, limit, nextToken: nextToken ?? null },
  );
  return data.notifications;
}

export async function markNotificationRead(id: string): Promise<AppNotification> {
  const data = await gql<{ markNotificationRead: AppNotification }>(
    `mutation MarkRead($id: ID!) { markNotificationRead(id: $id) { ${FIELDS} } }`,
    { id },
  );
  return data.markNotificationRead;
}

export async function markAllNotificationsRead(): Promise<number> {
  return (await gql<{ markAllNotificationsRead: number }>('mutation { markAllNotificationsRead }')).markAllNotificationsRead;
}

export async function markAllNotificationsSeen(): Promise<number> {
  return (await gql<{ markAllNotificationsSeen: number }>('mutation { markAllNotificationsSeen }')).markAllNotificationsSeen;
}

export async function fetchNotificationSettings(): Promise<NotificationSettings> {
  return (await gql<{ notificationSettings: NotificationSettings }>(`query { notificationSettings { ${SETTINGS_FIELDS} } }`)).notificationSettings;
}

export async function saveNotificationSettings(input: NotificationSettings): Promise<NotificationSettings> {
  const data = await gql<{ updateNotificationSettings: NotificationSettings }>(
    `mutation Save($input: NotificationSettingsInput!) { updateNotificationSettings(input: $input) { ${SETTINGS_FIELDS} } }`,
    { input },
  );
  return data.updateNotificationSettings;
}

/** The caller's own notifications as they arrive; returns the unsubscribe function. */
export function subscribeToNotifications(uid: string, onNotification: (n: AppNotification) => void, onError: (error: unknown) => void): () => void {
  return liveSubscription<AppNotification>(
    { query: `subscription OnNotification($uid: ID!) { onNotification(uid: $uid) { ${FIELDS} } }`, variables: { uid }, authMode: 'userPool', field: 'onNotification' },
    onNotification,
    onError,
  );
}
