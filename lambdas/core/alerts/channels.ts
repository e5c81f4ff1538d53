// Alerts beyond the app: per subscription, whether its news also goes by email (at once or in a
// daily digest at an hour the person picks, in the council's time zone). In-app and push stay
// the per-kind switches of the notification settings.
export const EMAIL_MODES = ['off', 'immediate', 'daily'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

/** The hour a daily digest goes out when the person has not picked one (7 am, before the drive to work). */
export const DEFAULT_DIGEST_HOUR = 7;

export interface SubscriptionChannels {
  email: EmailMode;
  digestHour: number;
  /** Texts for this subscription (a verified mobile and a council that pays for them needed). */
  sms: boolean;
}

/** A subscription item's stored channels; anything absent or unknown is email off. */
export function channelsOf(item: { email?: unknown; digestHour?: unknown; sms?: unknown }): SubscriptionChannels {
  const email = (EMAIL_MODES as readonly unknown[]).includes(item.email) ? (item.email as EmailMode) : 'off';
  const hour = typeof item.digestHour === 'number' && Number.isInteger(item.digestHour) && item.digestHour >= 0 && item.digestHour <= 23 ? item.digestHour : DEFAULT_DIGEST_HOUR;
  return { email, digestHour: hour, sms: item.sms === true };
}

/** What a subscription is about: one closure, one council or one of the person's watch zones. */
export type SubscriptionTarget = { kind: 'closure'; id: string } | { kind: 'lga'; id: string } | { kind: 'zone'; id: string };

/** A watch zone has no notification-settings kind of its own: in-app and push are its own switches too. */
export interface ZoneChannels extends SubscriptionChannels {
  inApp: boolean;
  push: boolean;
}

/** A zone item's stored channels: in-app and push on unless turned off, the rest as a subscription's. */
export function zoneChannelsOf(item: { inApp?: unknown; push?: unknown; email?: unknown; digestHour?: unknown; sms?: unknown }): ZoneChannels {
  return { ...channelsOf(item), inApp: item.inApp !== false, push: item.push !== false };
}

/** The states of a person's alert email address, as the settings screen shows them. */
export type EmailState = 'verified' | 'unverified' | 'bounced' | 'complained';

export const EMAIL_STATE_ADVICE: Record<EmailState, string> = {
  verified: 'Alerts by email go to this address.',
  unverified: 'This address is not verified, so no alert is emailed to it. Sign in again with a link sent to it to verify it.',
  bounced: 'Mail to this address bounced, so alerts by email have stopped. Check the address and its mailbox, then choose Resume email alerts.',
  complained: 'A message to this address was marked as spam, so alerts by email have stopped. If you want them again, choose Resume email alerts.',
};
