// A user's notification opt-outs: the category/channel switches they turned off, in the compact
// form every one of their subscriptions carries, so the fan-out decides who hears about an event
// from the subscription it already reads instead of reading each subscriber's profile.
import { NOTIFICATION_CATEGORIES, settingsOf, wants, type Channel, type NotificationCategory, type NotificationSettings } from './rules';

const CHANNELS: readonly Channel[] = ['inApp', 'push'];

/** One switch turned off, e.g. `lgaUpdates.inApp`. */
export type OptOut = `${NotificationCategory}.${Channel}`;

/** The switches the settings turn off, in a fixed order; empty when everything is on (the defaults). */
export function optOutsOf(settings: NotificationSettings): OptOut[] {
  return NOTIFICATION_CATEGORIES.flatMap((category) => CHANNELS.filter((channel) => !wants(settings, category, channel)).map((channel): OptOut => `${category}.${channel}`));
}

/** The opt-outs of settings as stored on a profile (absent or partial: those switches are on). */
export const optOutsOfStored = (stored: unknown): OptOut[] => optOutsOf(settingsOf(stored));

/**
 * The opt-outs a subscription item carries, or undefined when it carries none in a usable form:
 * an item written before subscriptions carried them (its user's profile must then be read). An
 * empty list means "everything on", which is not the same as absent.
 */
export function carriedOptOuts(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return undefined;
  return value as string[];
}

/** Whether a user with these opt-outs wants that kind of notification on that channel. */
export const wantsWith = (optOuts: readonly string[], category: NotificationCategory, channel: Channel): boolean => !optOuts.includes(`${category}.${channel}`);
