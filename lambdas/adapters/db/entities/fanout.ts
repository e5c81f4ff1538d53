// The mark a notification delivery leaves before it writes: one item per (event, group of
// recipients). The first delivery of a group claims it and writes its notifications without
// reading them first; a retry or replay finds the mark and checks which notifications exist.
import { Entity } from 'electrodb';
import { SERVICE, nowSeconds } from './common';

export const FanoutMarkEntity = new Entity(
  {
    model: { entity: 'fanoutMark', version: '1', service: SERVICE },
    attributes: {
      eventId: { type: 'string', required: true, readOnly: true },
      part: { type: 'string', required: true, readOnly: true },
      recipients: { type: 'number', required: true },
      claimedAt: { type: 'number', required: true, default: () => nowSeconds() },
      /** Removed by the table's TTL with the notifications it stands for. */
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      byEvent: {
        pk: { field: 'pk', composite: ['eventId'], casing: 'none', template: 'FANOUT#${eventId}' },
        sk: { field: 'sk', composite: ['part'], casing: 'none', template: 'PART#${part}' },
      },
    },
  },
  { table: 'placeholder' },
);
