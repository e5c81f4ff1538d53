// Alerts by email: the mark that one person got one event on one channel, the digest entries
// waiting for a person's daily mail, and the addresses mail must no longer go to.
import { Entity } from 'electrodb';
import { SERVICE, nowSeconds } from './common';

/** Written before a send, under a condition: a retried or replayed event finds it and sends nothing. */
export const AlertClaimEntity = new Entity(
  {
    model: { entity: 'alertClaim', version: '1', service: SERVICE },
    attributes: {
      /** A domain event id, or `digest-<dueAt>` for a daily digest. */
      eventId: { type: 'string', required: true, readOnly: true },
      uid: { type: 'string', required: true, readOnly: true },
      channel: { type: 'string', required: true, readOnly: true },
      claimedAt: { type: 'number', required: true, default: () => nowSeconds() },
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      byEvent: {
        pk: { field: 'pk', composite: ['eventId'], casing: 'none', template: 'ALERT#${eventId}' },
        sk: { field: 'sk', composite: ['uid', 'channel'], casing: 'none', template: '${uid}#${channel}' },
      },
    },
  },
  { table: 'placeholder' },
);

/** One closure event waiting in a person's daily digest; all entries due by now are found on gsi1. */
export const DigestEntryEntity = new Entity(
  {
    model: { entity: 'digestEntry', version: '1', service: SERVICE },
    attributes: {
      uid: { type: 'string', required: true, readOnly: true },
      dueAt: { type: 'number', required: true, readOnly: true },
      eventId: { type: 'string', required: true, readOnly: true },
      eventType: { type: 'string', required: true },
      closureId: { type: 'string', required: true },
      occurredAt: { type: 'number', required: true },
      /** The subscription the digest's unsubscribe link stops (`closure:<id>` or `lga:<code>`). */
      via: { type: 'string', required: true },
      /** The watched area (its name) the change moved the closure out of: the digest says so. */
      movedOutOf: { type: 'string' },
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      byUser: {
        pk: { field: 'pk', composite: ['uid'], casing: 'none', template: 'USER#${uid}' },
        sk: { field: 'sk', composite: ['dueAt', 'eventId'], casing: 'none', template: 'DIGEST#${dueAt}#${eventId}' },
      },
      due: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: [], casing: 'none', template: 'DIGESTS' },
        sk: { field: 'gsi1sk', composite: ['dueAt', 'uid', 'eventId'], casing: 'none', template: '${dueAt}#${uid}#${eventId}' },
      },
    },
  },
  { table: 'placeholder' },
);

/** An address SES reported as bounced (permanently) or complained about: no alert mail goes there. */
export const MailSuppressionEntity = new Entity(
  {
    model: { entity: 'mailSuppression', version: '1', service: SERVICE },
    attributes: {
      /** sha256 of the lower-cased address: the item names no address. */
      addressHash: { type: 'string', required: true, readOnly: true },
      reason: { type: ['bounced', 'complained'] as const, required: true },
      at: { type: 'number', required: true, default: () => nowSeconds() },
    },
    indexes: {
      byAddress: {
        pk: { field: 'pk', composite: ['addressHash'], casing: 'none', template: 'MAILSTOP#${addressHash}' },
        sk: { field: 'sk', composite: [], casing: 'none', template: 'MAILSTOP' },
      },
    },
  },
  { table: 'placeholder' },
);

/** A mobile number that replied STOP: no text goes to it until it replies START. */
export const SmsOptOutEntity = new Entity(
  {
    model: { entity: 'smsOptOut', version: '1', service: SERVICE },
    attributes: {
      /** sha256 of the number (+614…): the item names nobody. */
      numberHash: { type: 'string', required: true, readOnly: true },
      at: { type: 'number', required: true, default: () => nowSeconds() },
    },
    indexes: {
      byNumber: {
        pk: { field: 'pk', composite: ['numberHash'], casing: 'none', template: 'SMSSTOP#${numberHash}' },
        sk: { field: 'sk', composite: [], casing: 'none', template: 'SMSSTOP' },
      },
    },
  },
  { table: 'placeholder' },
);
