// Disaster recovery claims (docs/drfa.md): a council's disaster events, the closures tagged to
// each, and the works and costs entered against a closure. All in the council's DRFA partition
// (LGA#{code}#DRFA), so one Query reads an event's tags or a council's events.
import { Entity } from 'electrodb';
import { SERVICE, timestamps } from './common';

const partition = { field: 'pk', composite: ['lgaCode'], casing: 'none', template: 'LGA#${lgaCode}#DRFA' } as const;

export const DisasterEventEntity = new Entity(
  {
    model: { entity: 'disasterEvent', version: '1', service: SERVICE },
    attributes: {
      lgaCode: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      /** The Australian Government Reference Number, once the disaster is declared. */
      agrn: { type: 'string' },
      startDay: { type: 'string', required: true },
      endDay: { type: 'string' },
      /** The DRFA measures activated for the council (counter-disaster operations, emergency works, …). */
      measures: { type: 'list', items: { type: 'string' } },
      createdBy: { type: 'string', required: true, readOnly: true },
      updatedBy: { type: 'string' },
      /** Optimistic lock: an edit expects the version it read. */
      version: { type: 'number', required: true, default: 1 },
      ...timestamps,
    },
    indexes: {
      byLga: { pk: partition, sk: { field: 'sk', composite: ['id'], casing: 'none', template: 'EVENT#${id}' } },
    },
  },
  { table: 'placeholder' },
);

/** One council never has two events of one name: created with the event, in one transaction. */
export const DisasterEventNameEntity = new Entity(
  {
    model: { entity: 'disasterEventName', version: '1', service: SERVICE },
    attributes: {
      lgaCode: { type: 'string', required: true, readOnly: true },
      key: { type: 'string', required: true, readOnly: true },
      eventId: { type: 'string', required: true },
    },
    indexes: {
      byLga: { pk: partition, sk: { field: 'sk', composite: ['key'], casing: 'none', template: 'EVENTNAME#${key}' } },
    },
  },
  { table: 'placeholder' },
);

/** A closure tagged to an event (a put: tagging twice leaves one tag). */
export const EventClosureEntity = new Entity(
  {
    model: { entity: 'eventClosure', version: '1', service: SERVICE },
    attributes: {
      lgaCode: { type: 'string', required: true, readOnly: true },
      eventId: { type: 'string', required: true, readOnly: true },
      closureId: { type: 'string', required: true, readOnly: true },
      taggedBy: { type: 'string', required: true },
      taggedAt: { type: 'number', required: true },
    },
    indexes: {
      byEvent: { pk: partition, sk: { field: 'sk', composite: ['eventId', 'closureId'], casing: 'none', template: 'TAG#${eventId}#${closureId}' } },
    },
  },
  { table: 'placeholder' },
);

/** The council's own road segment id and chainage of a closure (staff only; one item per closure). */
export const ClosureSegmentEntity = new Entity(
  {
    model: { entity: 'closureSegment', version: '1', service: SERVICE },
    attributes: {
      lgaCode: { type: 'string', required: true, readOnly: true },
      closureId: { type: 'string', required: true, readOnly: true },
      roadSegmentId: { type: 'string' },
      /** Kilometres along the road, as the council's asset register counts them. */
      chainageStartKm: { type: 'number' },
      chainageEndKm: { type: 'number' },
      updatedBy: { type: 'any', required: true },
      /** Optimistic lock: an edit expects the version it read. */
      version: { type: 'number', required: true, default: 1 },
      ...timestamps,
    },
    indexes: {
      byLga: { pk: partition, sk: { field: 'sk', composite: ['closureId'], casing: 'none', template: 'SEGMENT#${closureId}' } },
    },
  },
  { table: 'placeholder' },
);

/** A works or cost entry against a closure: traffic control, labour, plant or a cost (cents). */
export const WorkEntryEntity = new Entity(
  {
    model: { entity: 'workEntry', version: '1', service: SERVICE },
    attributes: {
      lgaCode: { type: 'string', required: true, readOnly: true },
      closureId: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      kind: { type: 'string', required: true },
      description: { type: 'string' },
      devices: { type: 'number' },
      fromDay: { type: 'string' },
      toDay: { type: 'string' },
      hours: { type: 'number' },
      amountCents: { type: 'number' },
      costKind: { type: 'string' },
      reference: { type: 'string' },
      /** Who entered it and who changed it last ({ uid, email, displayName }). */
      enteredBy: { type: 'any', required: true, readOnly: true },
      updatedBy: { type: 'any' },
      version: { type: 'number', required: true, default: 1 },
      ...timestamps,
    },
    indexes: {
      byLga: { pk: partition, sk: { field: 'sk', composite: ['closureId', 'id'], casing: 'none', template: 'WORK#${closureId}#${id}' } },
    },
  },
  { table: 'placeholder' },
);
