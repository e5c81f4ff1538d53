// What platform administrators read on the diagnostics screen: client errors grouped by their
// fingerprint, and the last run of each schedule.
import { Entity } from 'electrodb';
import { SERVICE } from './common';

/**
 * One group of identical client errors (same message and first stack line): a counter and the
 * latest sample. Listed most recently seen first; expires 30 days after it was last seen.
 */
export const ClientErrorGroupEntity = new Entity(
  {
    model: { entity: 'clientErrorGroup', version: '1', service: SERVICE },
    attributes: {
      fingerprint: { type: 'string', required: true, readOnly: true },
      message: { type: 'string', required: true },
      stack: { type: 'string' },
      /** The route pattern of the latest occurrence (never the concrete URL). */
      route: { type: 'string' },
      release: { type: 'string' },
      browser: { type: 'string' },
      count: { type: 'number', required: true, default: 0 },
      firstSeen: { type: 'number', required: true },
      lastSeen: { type: 'number', required: true },
      expiresAt: { type: 'number' },
    },
    indexes: {
      byFingerprint: {
        pk: { field: 'pk', composite: ['fingerprint'], casing: 'none', template: 'CLIENT_ERROR_GROUP#${fingerprint}' },
        sk: { field: 'sk', composite: [], casing: 'none', template: 'GROUP' },
      },
      recent: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: [], casing: 'none', template: 'CLIENT_ERROR_GROUPS' },
        sk: { field: 'gsi1sk', composite: ['lastSeen', 'fingerprint'], casing: 'none', template: '${lastSeen}#${fingerprint}' },
      },
    },
  },
  { table: 'placeholder' },
);

/** The last run of a schedule (reminders, housekeeping) and how it ended. */
export const ScheduleRunEntity = new Entity(
  {
    model: { entity: 'scheduleRun', version: '1', service: SERVICE },
    attributes: {
      name: { type: 'string', required: true, readOnly: true },
      lastRunAt: { type: 'number', required: true },
      outcome: { type: ['ok', 'failed'] as const, required: true },
      /** What it did ("3 reminders sent") or why it failed. */
      detail: { type: 'string' },
      lastSuccessAt: { type: 'number' },
    },
    indexes: {
      byName: {
        pk: { field: 'pk', composite: ['name'], casing: 'none', template: 'SCHEDULE#${name}' },
        sk: { field: 'sk', composite: [], casing: 'none', template: 'LAST_RUN' },
      },
    },
  },
  { table: 'placeholder' },
);
