// Platform-wide items: media, counters, enquiries, client error reports and LGA data imports.
import { Entity } from 'electrodb';
import { SERVICE, nowSeconds, timestamps } from './common';

export const MediaEntity = new Entity(
  {
    model: { entity: 'media', version: '1', service: SERVICE },
    attributes: {
      id: { type: 'string', required: true, readOnly: true },
      uid: { type: 'string', required: true },
      extension: { type: 'string', required: true },
      contentType: { type: 'string' },
      uploadedAt: { type: 'number' },
      resized: { type: 'boolean', default: false },
      /** Bytes the uploader declared (the presigned POST enforces the real limit). */
      size: { type: 'number' },
      /** TTL of an upload nothing references yet; removed when it is attached. */
      expiresAt: { type: 'number' },
      /** The original upload is kept privately with its EXIF (docs/drfa.md#photo-evidence). */
      originalKept: { type: 'boolean' },
      /** EXIF capture: the camera's wall clock ("2026-11-27T09:15:00"), its offset if recorded, GPS. */
      capturedLocal: { type: 'string' },
      capturedOffset: { type: 'string' },
      latitude: { type: 'number' },
      longitude: { type: 'number' },
      /** pre_disaster, damage, works_in_progress or completed, set by the council's staff. */
      stage: { type: 'string' },
      stagedBy: { type: 'string' },
      stagedAt: { type: 'number' },
      ...timestamps,
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'], casing: 'none', template: 'MEDIA#${id}' },
        sk: { field: 'sk', composite: [], casing: 'none', template: 'MEDIA' },
      },
    },
  },
  { table: 'placeholder' },
);

export const MediaReferenceEntity = new Entity(
  {
    model: { entity: 'mediaReference', version: '1', service: SERVICE },
    attributes: {
      mediaId: { type: 'string', required: true, readOnly: true },
      collection: { type: 'string', required: true, readOnly: true },
      documentId: { type: 'string', required: true, readOnly: true },
      field: { type: 'string', required: true, readOnly: true },
      createdAt: { type: 'number', required: true, default: () => nowSeconds() },
    },
    indexes: {
      byMedia: {
        pk: { field: 'pk', composite: ['mediaId'], casing: 'none', template: 'MEDIA#${mediaId}' },
        sk: {
          field: 'sk',
          composite: ['collection', 'documentId', 'field'],
          template: 'REF#${collection}#${documentId}#${field}',
        },
      },
    },
  },
  { table: 'placeholder' },
);

/** Atomic counters (report attempts, embedded map visits, closure view counts): ADD only. */
export const CounterEntity = new Entity(
  {
    model: { entity: 'counter', version: '1', service: SERVICE },
    attributes: {
      name: { type: 'string', required: true, readOnly: true },
      /** An LGA code, or TOTAL. */
      scope: { type: 'string', required: true, readOnly: true },
      count: { type: 'number', required: true, default: 0 },
      expiresAt: { type: 'number' },
    },
    indexes: {
      byName: {
        pk: { field: 'pk', composite: ['name'], casing: 'none', template: 'COUNTER#${name}' },
        sk: { field: 'sk', composite: ['scope'], casing: 'none', template: '${scope}' },
      },
    },
  },
  { table: 'placeholder' },
);

export const EnquiryEntity = new Entity(
  {
    model: { entity: 'enquiry', version: '1', service: SERVICE },
    attributes: {
      id: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      email: { type: 'string', required: true },
      organisation: { type: 'string' },
      lgaCode: { type: 'string' },
      message: { type: 'string', required: true },
      uid: { type: 'string' },
      /** enquiry (the councils' contact form) or feedback (the Feedback button on every page). */
      kind: { type: ['enquiry', 'feedback'] as const, required: true, default: 'enquiry' },
      /** Feedback: the route pattern it was sent from and the app version. */
      page: { type: 'string' },
      release: { type: 'string' },
      handledAt: { type: 'number' },
      handledBy: { type: 'string' },
      repliedAt: { type: 'number' },
      ...timestamps,
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'], casing: 'none', template: 'ENQUIRY#${id}' },
        sk: { field: 'sk', composite: [], casing: 'none', template: 'ENQUIRY' },
      },
      newest: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: [], casing: 'none', template: 'ENQUIRIES' },
        sk: { field: 'gsi1sk', composite: ['createdAt', 'id'], casing: 'none', template: '${createdAt}#${id}' },
      },
      /** The admin list filtered to one kind, newest first. */
      newestOfKind: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['kind'], casing: 'none', template: 'ENQUIRIES#${kind}' },
        sk: { field: 'gsi2sk', composite: ['createdAt', 'id'], casing: 'none', template: '${createdAt}#${id}' },
      },
    },
  },
  { table: 'placeholder' },
);

/** Client errors are kept 30 days (diagnostics screen), then expire by TTL. They name no person. */
export const CLIENT_ERROR_TTL_SECONDS = 30 * 24 * 3600;

export const ClientErrorEntity = new Entity(
  {
    model: { entity: 'clientError', version: '1', service: SERVICE },
    attributes: {
      id: { type: 'string', required: true, readOnly: true },
      message: { type: 'string', required: true },
      stack: { type: 'string' },
      /** The route pattern (`/closures/:id`), never the URL with its ids and query. */
      url: { type: 'string' },
      /** Browser name and major version ("Chrome 131"): neither the user agent nor who it was. */
      browser: { type: 'string' },
      release: { type: 'string' },
      expiresAt: { type: 'number' },
      ...timestamps,
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'], casing: 'none', template: 'CLIENTERROR#${id}' },
        sk: { field: 'sk', composite: [], casing: 'none', template: 'CLIENTERROR' },
      },
      newest: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: [], casing: 'none', template: 'CLIENT_ERRORS' },
        sk: { field: 'gsi1sk', composite: ['createdAt', 'id'], casing: 'none', template: '${createdAt}#${id}' },
      },
    },
  },
  { table: 'placeholder' },
);

/** Each import of the LGA boundaries bundle; the newest one is what clients must hold. */
export const LgaDataImportEntity = new Entity(
  {
    model: { entity: 'lgaDataImport', version: '1', service: SERVICE },
    attributes: {
      timestamp: { type: 'number', required: true, readOnly: true },
      objectKey: { type: 'string', required: true },
      lgaCount: { type: 'number', required: true },
      bytes: { type: 'number' },
      /** A rollback republishes an older import's bundle under a new timestamp. */
      rolledBackFrom: { type: 'number' },
      /** How the import came: the first-start seed, an administrator's upload or a rollback. */
      source: { type: ['seed', 'upload', 'rollback'] as const },
    },
    indexes: {
      byTimestamp: {
        pk: { field: 'pk', composite: [], casing: 'none', template: 'LGA_DATA_IMPORTS' },
        sk: { field: 'sk', composite: ['timestamp'], casing: 'none', template: 'IMPORT#${timestamp}' },
      },
    },
  },
  { table: 'placeholder' },
);
