// Watch zones: the areas a person watches (docs/alerts.md#watch-zones), in their own partition,
// and on gsi1 under the coarse cell of their centre, where a closure event finds the zones near it.
import { Entity } from 'electrodb';
import { SERVICE, timestamps } from './common';

export const WatchZoneEntity = new Entity(
  {
    model: { entity: 'watchZone', version: '1', service: SERVICE },
    attributes: {
      uid: { type: 'string', required: true, readOnly: true },
      /** Made by the client, so saving the same zone twice makes one. */
      zoneId: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      shape: { type: ['polygon', 'circle'] as const, required: true },
      /** A polygon's corners, [lng, lat] each. */
      ring: { type: 'any' },
      /** A circle's centre, [lng, lat], and radius in metres. */
      center: { type: 'any' },
      radiusM: { type: 'number' },
      /** The place a circle was drawn around, as the person chose it. */
      place: { type: 'string' },
      /** The coarse cell of the zone's centre (lambdas/core/alerts/watch-zones.ts homeCellOf). */
      homeCell: { type: 'string', required: true },
      // The zone's channels, named as a subscription's (lambdas/core/alerts/channels.ts).
      inApp: { type: 'boolean', required: true, default: true },
      push: { type: 'boolean', required: true, default: true },
      email: { type: 'string', required: true, default: 'off' },
      digestHour: { type: 'number' },
      sms: { type: 'boolean', required: true, default: false },
      ...timestamps,
    },
    indexes: {
      byUser: {
        pk: { field: 'pk', composite: ['uid'], casing: 'none', template: 'USER#${uid}' },
        sk: { field: 'sk', composite: ['zoneId'], casing: 'none', template: 'WATCHZONE#${zoneId}' },
      },
      near: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['homeCell'], casing: 'none', template: 'WATCHZONES#${homeCell}' },
        sk: { field: 'gsi1sk', composite: ['uid', 'zoneId'], casing: 'none', template: '${uid}#${zoneId}' },
      },
    },
  },
  { table: 'placeholder' },
);
