// Everything in a user's partition: profile, subscriptions, notifications and push endpoints.
import { Entity } from 'electrodb';
import { SERVICE, nowSeconds, timestamps } from './common';

export const UserEntity = new Entity(
  {
    model: { entity: 'user', version: '1', service: SERVICE },
    attributes: {
      uid: { type: 'string', required: true, readOnly: true },
      email: { type: 'string', required: true },
      displayName: { type: 'string' },
      preferredName: { type: 'string' },
      address: { type: 'any' },
      lgaCode: { type: 'string' },
      mapOptions: { type: 'any' },
      notificationSettings: { type: 'any' },
      /**
       * Bumped by every change of notificationSettings; subscribing checks it did not move while it
       * copied the user's opt-outs into the new subscription (lambdas/adapters/opt-outs).
       */
      optOutsVersion: { type: 'number' },
      /** Bumped by every new subscription, so a settings change that missed it fails and retries. */
      subscriptionsVersion: { type: 'number' },
      /** The resident's vehicle gross vehicle mass in tonnes (unsealed-road restrictions, directions). */
      vehicleGvm: { type: 'number' },
      /** Platform administrator. Only set by another admin or by seeding, never by the user. */
      admin: { type: 'boolean', required: true, default: false },
      acceptedTermsAt: { type: 'number' },
      /**
       * False for a federated account whose provider did not assert that the email is verified:
       * such a profile never receives the roles or claims granted to its email. Absent = verified
       * (native accounts confirm their address with a code before the profile exists).
       */
      emailVerified: { type: 'boolean' },
      /**
       * The user has a verified authenticator app (TOTP) in Cognito, as the server last read it
       * from the user pool (refreshMfaStatus); administrators need it where MFA is enforced.
       */
      totpEnrolled: { type: 'boolean' },
      /** The mobile number text alerts go to (+614…), and whether its code was entered. */
      alertMobile: { type: 'string' },
      alertMobileVerified: { type: 'boolean' },
      /** The code texted to alertMobile, as an HMAC only, until it expires or is used up. */
      mobileCodeHash: { type: 'string' },
      mobileCodeExpiresAt: { type: 'number' },
      mobileCodeAttempts: { type: 'number' },
      /** A demo persona account (identity): its profile cannot be changed or deleted. */
      demo: { type: 'boolean' },
      /** LGA codes whose "please join" request this user signed, so account deletion can find them. */
      signedLgaRequests: { type: 'set', items: 'string' },
      ...timestamps,
    },
    indexes: {
      byUid: {
        pk: { field: 'pk', composite: ['uid'], casing: 'none', template: 'USER#${uid}' },
        sk: { field: 'sk', composite: [], casing: 'none', template: 'PROFILE' },
      },
      byEmail: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['email'], casing: 'none', template: 'EMAIL#${email}' },
        sk: { field: 'gsi1sk', composite: [], casing: 'none', template: 'USER' },
      },
    },
  },
  { table: 'placeholder' },
);

export const ClosureSubscriptionEntity = new Entity(
  {
    model: { entity: 'closureSubscription', version: '1', service: SERVICE },
    attributes: {
      uid: { type: 'string', required: true, readOnly: true },
      closureId: { type: 'string', required: true, readOnly: true },
      lgaCode: { type: 'string' },
      subscribedAt: { type: 'number', required: true, default: () => nowSeconds() },
      /**
       * The user's notification opt-outs (e.g. `lgaUpdates.inApp`), kept in step with their profile
       * by updateNotificationSettings and by subscribing; the fan-out decides from it. Empty = all
       * on; absent = written before subscriptions carried them (the fan-out reads the profile).
       */
      optOuts: { type: 'list', items: { type: 'string' } },
      /** Alerts by email for this subscription: off (absent), immediate or daily (lambdas/core/alerts/channels.ts). */
      email: { type: 'string' },
      /** The hour (0–23, the council's time zone) of the daily digest. */
      digestHour: { type: 'number' },
      /** Alerts by text message for this subscription (a verified mobile and a paying council needed). */
      sms: { type: 'boolean' },
    },
    indexes: {
      byUser: {
        pk: { field: 'pk', composite: ['uid'], casing: 'none', template: 'USER#${uid}' },
        sk: { field: 'sk', composite: ['closureId'], casing: 'none', template: 'SUB#CLOSURE#${closureId}' },
      },
      subscribers: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['closureId'], casing: 'none', template: 'SUBSCRIBERS#CLOSURE#${closureId}' },
        sk: { field: 'gsi1sk', composite: ['uid'], casing: 'none', template: '${uid}' },
      },
    },
  },
  { table: 'placeholder' },
);

export const LgaSubscriptionEntity = new Entity(
  {
    model: { entity: 'lgaSubscription', version: '1', service: SERVICE },
    attributes: {
      uid: { type: 'string', required: true, readOnly: true },
      lgaCode: { type: 'string', required: true, readOnly: true },
      subscribedAt: { type: 'number', required: true, default: () => nowSeconds() },
      /**
       * The user's notification opt-outs (e.g. `lgaUpdates.inApp`), kept in step with their profile
       * by updateNotificationSettings and by subscribing; the fan-out decides from it. Empty = all
       * on; absent = written before subscriptions carried them (the fan-out reads the profile).
       */
      optOuts: { type: 'list', items: { type: 'string' } },
      /** Alerts by email for this subscription: off (absent), immediate or daily (lambdas/core/alerts/channels.ts). */
      email: { type: 'string' },
      /** The hour (0–23, the council's time zone) of the daily digest. */
      digestHour: { type: 'number' },
      /** Alerts by text message for this subscription (a verified mobile and a paying council needed). */
      sms: { type: 'boolean' },
    },
    indexes: {
      byUser: {
        pk: { field: 'pk', composite: ['uid'], casing: 'none', template: 'USER#${uid}' },
        sk: { field: 'sk', composite: ['lgaCode'], casing: 'none', template: 'SUB#LGA#${lgaCode}' },
      },
      subscribers: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['lgaCode'], casing: 'none', template: 'SUBSCRIBERS#LGA#${lgaCode}' },
        sk: { field: 'gsi1sk', composite: ['uid'], casing: 'none', template: '${uid}' },
      },
    },
  },
  { table: 'placeholder' },
);

/** Default notification lifetime (spec §9): 7 days. */
export const NOTIFICATION_TTL_SECONDS = 604_800;

export const NotificationEntity = new Entity(
  {
    model: { entity: 'notification', version: '1', service: SERVICE },
    attributes: {
      uid: { type: 'string', required: true, readOnly: true },
      timestamp: { type: 'number', required: true, readOnly: true, default: () => nowSeconds() },
      id: { type: 'string', required: true, readOnly: true },
      eventId: { type: 'string' },
      title: { type: 'string', required: true },
      body: { type: 'string' },
      redirectTo: { type: 'string' },
      resourceId: { type: 'string' },
      image: { type: 'string' },
      icon: { type: 'string' },
      seen: { type: 'number' },
      read: { type: 'number' },
      data: { type: 'any' },
      expiresAt: { type: 'number' },
    },
    indexes: {
      byUser: {
        pk: { field: 'pk', composite: ['uid'], casing: 'none', template: 'USER#${uid}' },
        sk: { field: 'sk', composite: ['timestamp', 'id'], casing: 'none', template: 'NOTE#${timestamp}#${id}' },
      },
    },
  },
  { table: 'placeholder' },
);

export const PushSubscriptionEntity = new Entity(
  {
    model: { entity: 'pushSubscription', version: '1', service: SERVICE },
    attributes: {
      uid: { type: 'string', required: true, readOnly: true },
      endpointHash: { type: 'string', required: true, readOnly: true },
      endpoint: { type: 'string', required: true },
      keys: { type: 'map', properties: { p256dh: { type: 'string' }, auth: { type: 'string' } } },
      userAgent: { type: 'string' },
      /** Failed sends in a row (not counting "gone"); the device is dropped at MAX_PUSH_FAILURES. */
      failures: { type: 'number' },
      /** Epoch seconds before which a failing device is skipped (back-off). */
      retryAfter: { type: 'number' },
      ...timestamps,
    },
    indexes: {
      byUser: {
        pk: { field: 'pk', composite: ['uid'], casing: 'none', template: 'USER#${uid}' },
        sk: { field: 'sk', composite: ['endpointHash'], casing: 'none', template: 'PUSH#${endpointHash}' },
      },
    },
  },
  { table: 'placeholder' },
);
