// LGA-wide announcements (unsealed roads status) and social-post content tasks.
import { Entity } from 'electrodb';
import { SERVICE, nowSeconds, timestamps } from './common';

export const AnnouncementEntity = new Entity(
  {
    model: { entity: 'announcement', version: '1', service: SERVICE },
    attributes: {
      lgaCode: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      type: { type: 'string', required: true },
      title: { type: 'string', required: true },
      message: { type: 'string' },
      status: { type: ['active', 'archived'] as const, required: true, default: 'active' },
      unsealedRoadsStatus: { type: ['open', 'closed', 'restricted'] as const },
      vehicleRestrictions: { type: 'any' },
      /** Sort key part; announcements without expiry sort last. */
      expiresAt: { type: 'number', required: true, default: 9_999_999_999 },
      createdAt: { type: 'number', required: true, readOnly: true, default: () => nowSeconds() },
      updatedAt: { type: 'number', required: true, default: () => nowSeconds(), set: () => nowSeconds(), watch: '*' },
      createdBy: { type: 'string' },
      updatedBy: { type: 'string' },
      notificationSent: { type: 'boolean', default: false },
    },
    indexes: {
      byLga: {
        pk: { field: 'pk', composite: ['lgaCode'], casing: 'none', template: 'LGA#${lgaCode}' },
        sk: { field: 'sk', composite: ['createdAt', 'id'], casing: 'none', template: 'ANN#${createdAt}#${id}' },
      },
      byStatusExpiry: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: [], casing: 'none', template: 'ANNOUNCEMENTS' },
        sk: { field: 'gsi1sk', composite: ['status', 'expiresAt', 'id'], casing: 'none', template: '${status}#${expiresAt}#${id}' },
      },
      /** archive/reactivate/delete name an announcement by id alone. */
      byId: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['id'], casing: 'none', template: 'ANN#${id}' },
        sk: { field: 'gsi2sk', composite: [], casing: 'none', template: 'ANN' },
      },
    },
  },
  { table: 'placeholder' },
);

export const ContentTaskEntity = new Entity(
  {
    model: { entity: 'contentTask', version: '1', service: SERVICE },
    attributes: {
      lgaCode: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      created: { type: 'number', required: true, readOnly: true, default: () => nowSeconds() },
      closureIds: { type: 'list', items: { type: 'string' } },
      initiated: { type: 'number' },
      completed: { type: 'number' },
      approved: { type: 'number' },
      error: { type: 'string' },
      output: { type: 'any' },
      /** Optimistic lock of content-task changes (generate, edit, approve). */
      version: { type: 'number', default: 0 },
      ...timestamps,
    },
    indexes: {
      byLga: {
        pk: { field: 'pk', composite: ['lgaCode'], casing: 'none', template: 'LGA#${lgaCode}' },
        sk: { field: 'sk', composite: ['created', 'id'], casing: 'none', template: 'TASK#${created}#${id}' },
      },
    },
  },
  { table: 'placeholder' },
);
