// Saved trips (docs/alerts.md#saved-trips): the trip in its person's partition, and one pointer
// per cell its route runs through, so a closure change finds the trips near it on gsi2 without a scan.
import { Entity } from 'electrodb';
import { SERVICE, timestamps } from './common';

export const SavedTripEntity = new Entity(
  {
    model: { entity: 'savedTrip', version: '1', service: SERVICE },
    attributes: {
      uid: { type: 'string', required: true, readOnly: true },
      tripId: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      /** 2 to 5 places: { lat, lng, label? }. */
      places: { type: 'any', required: true },
      /** Tonnes: the trip keeps off unsealed roads closed to this mass. */
      vehicleMass: { type: 'number' },
      /** Alert mail: off or immediate (a trip's news is for the drive). */
      email: { type: 'string', required: true, default: 'off' },
      sms: { type: 'boolean', required: true, default: false },
      ...timestamps,
    },
    indexes: {
      byUser: {
        pk: { field: 'pk', composite: ['uid'], casing: 'none', template: 'USER#${uid}' },
        sk: { field: 'sk', composite: ['tripId'], casing: 'none', template: 'TRIP#${tripId}' },
      },
    },
  },
  { table: 'placeholder' },
);

/** The trip's route runs through this precision-4 cell (the map index's cells). */
export const SavedTripCellEntity = new Entity(
  {
    model: { entity: 'savedTripCell', version: '1', service: SERVICE },
    attributes: {
      uid: { type: 'string', required: true, readOnly: true },
      tripId: { type: 'string', required: true, readOnly: true },
      cell: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byTrip: {
        pk: { field: 'pk', composite: ['uid'], casing: 'none', template: 'USER#${uid}' },
        sk: { field: 'sk', composite: ['tripId', 'cell'], casing: 'none', template: 'TRIPCELL#${tripId}#${cell}' },
      },
      inCell: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['cell'], casing: 'none', template: 'TRIPCELL#${cell}' },
        sk: { field: 'gsi2sk', composite: ['uid', 'tripId'], casing: 'none', template: '${uid}#${tripId}' },
      },
    },
  },
  { table: 'placeholder' },
);
