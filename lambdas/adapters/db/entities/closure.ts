// Closures, their activity trail and the map index's pointer items (the further cells a closure
// spans). The map keys (gsi2, gsi3) are sparse: set only while the closure is on the map.
import { Entity } from 'electrodb';
import { isOnMapIndex } from '../../../core/closures/map-index';
import { SERVICE, coordinate, nowSeconds, timestamps } from './common';
import { compactJson } from './compact-json';

export const CLOSURE_CONDITIONS = ['closed', 'changed', 'opened'] as const;

export const ClosureEntity = new Entity(
  {
    model: { entity: 'closure', version: '1', service: SERVICE },
    attributes: {
      id: { type: 'string', required: true, readOnly: true },
      lgaCode: { type: 'string', required: true },
      /** The staff list the closure belongs in (ACTIVE, SCHEDULED, ARCHIVED, DELETED, …), kept by core. */
      view: { type: 'string', required: true },
      active: { type: 'boolean', required: true },
      condition: { type: CLOSURE_CONDITIONS, required: true },
      type: { type: 'string', required: true },
      reason: { type: 'string' },
      detour: { type: 'string' },
      position: coordinate,
      geohash: { type: 'string', required: true },
      geohash4: { type: 'string', required: true },
      geohash7: { type: 'string', required: true },
      cells: { type: 'list', items: { type: 'string' } },
      nearestLocation: { type: 'any', ...compactJson },
      formattedAddress: { type: 'string' },
      /** Stored as one JSON string, as nearestLocation (compact-json.ts); items written before hold nested values and still read. */
      regions: { type: 'any', required: true, ...compactJson },
      scheduledFor: { type: 'number' },
      estimatedReopening: { type: 'number' },
      openedAt: { type: 'number' },
      archivedAt: { type: 'number' },
      deletedAt: { type: 'number' },
      /** When it was in effect, closed or with changed conditions (one JSON string, as regions). */
      periods: { type: 'any', ...compactJson },
      media: { type: 'list', items: { type: 'string' } },
      source: { type: 'any' },
      clusterId: { type: 'string' },
      subscriberCount: { type: 'number', required: true, default: 0 },
      createdBy: { type: 'string' },
      updatedBy: { type: 'string' },
      /** Optimistic lock: each write expects the version it read (lambdas/adapters/closures/store.ts). */
      version: { type: 'number', required: true, default: 1 },
      /** [west, south, east, north] of the regions, for the viewport's exact check. */
      bbox: { type: 'list', items: { type: 'number' } },
      /** The fine map partition (precision-5 cell, or L{geohash4} for a long closure) and all it is in. */
      mapCell: { type: 'string' },
      mapCells: { type: 'list', items: { type: 'string' } },
      ...timestamps,
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'], casing: 'none', template: 'CLOSURE#${id}' },
        sk: { field: 'sk', composite: [], casing: 'none', template: 'CLOSURE' },
      },
      byLgaView: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['lgaCode'], casing: 'none', template: 'LGA#${lgaCode}#CLOSURES' },
        sk: { field: 'gsi1sk', composite: ['view', 'updatedAt'], casing: 'none', template: '${view}#${updatedAt}' },
      },
      byCell: {
        index: 'gsi2',
        condition: (attributes) => isOnMapIndex(attributes),
        pk: { field: 'gsi2pk', composite: ['geohash4'], casing: 'none', template: 'GEO#${geohash4}' },
        sk: { field: 'gsi2sk', composite: ['geohash7', 'id'], casing: 'none', template: '${geohash7}#${id}' },
      },
      byMapCell: {
        index: 'gsi3',
        condition: (attributes) => isOnMapIndex(attributes),
        pk: { field: 'gsi3pk', composite: ['mapCell'], casing: 'none', template: 'MAP#${mapCell}' },
        sk: { field: 'gsi3sk', composite: ['geohash7', 'id'], casing: 'none', template: '${geohash7}#${id}' },
      },
    },
  },
  { table: 'placeholder' },
);

/** A closure's presence in a further precision-4 cell, so viewport queries never scan. */
export const ClosureCellEntity = new Entity(
  {
    model: { entity: 'closureCell', version: '1', service: SERVICE },
    attributes: {
      closureId: { type: 'string', required: true, readOnly: true },
      geohash4: { type: 'string', required: true, readOnly: true },
      geohash7: { type: 'string', required: true },
      /** The closure's box: a view it misses does not fetch the closure. */
      bbox: { type: 'list', items: { type: 'number' } },
      /** A long closure's coarse pointers are its fine pointers too (MAP#L{geohash4}). */
      long: { type: 'boolean' },
    },
    indexes: {
      byClosure: {
        pk: { field: 'pk', composite: ['closureId'], casing: 'none', template: 'CLOSURE#${closureId}' },
        sk: { field: 'sk', composite: ['geohash4'], casing: 'none', template: 'CELL#${geohash4}' },
      },
      byCell: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['geohash4'], casing: 'none', template: 'GEO#${geohash4}' },
        sk: { field: 'gsi2sk', composite: ['geohash7', 'closureId'], casing: 'none', template: '${geohash7}#${closureId}' },
      },
      byLongCell: {
        index: 'gsi3',
        condition: (attributes) => attributes.long === true,
        pk: { field: 'gsi3pk', composite: ['geohash4'], casing: 'none', template: 'MAP#L${geohash4}' },
        sk: { field: 'gsi3sk', composite: ['geohash7', 'closureId'], casing: 'none', template: '${geohash7}#${closureId}' },
      },
    },
  },
  { table: 'placeholder' },
);

/** A short closure's presence in a further precision-5 cell of the fine map index (town views). */
export const ClosureMapCellEntity = new Entity(
  {
    model: { entity: 'closureMapCell', version: '1', service: SERVICE },
    attributes: {
      closureId: { type: 'string', required: true, readOnly: true },
      cell: { type: 'string', required: true, readOnly: true },
      geohash7: { type: 'string', required: true },
      bbox: { type: 'list', items: { type: 'number' } },
    },
    indexes: {
      byClosure: {
        pk: { field: 'pk', composite: ['closureId'], casing: 'none', template: 'CLOSURE#${closureId}' },
        sk: { field: 'sk', composite: ['cell'], casing: 'none', template: 'MAPCELL#${cell}' },
      },
      byCell: {
        index: 'gsi3',
        pk: { field: 'gsi3pk', composite: ['cell'], casing: 'none', template: 'MAP#${cell}' },
        sk: { field: 'gsi3sk', composite: ['geohash7', 'closureId'], casing: 'none', template: '${geohash7}#${closureId}' },
      },
    },
  },
  { table: 'placeholder' },
);

export const ClosureActivityEntity = new Entity(
  {
    model: { entity: 'closureActivity', version: '1', service: SERVICE },
    attributes: {
      closureId: { type: 'string', required: true, readOnly: true },
      timestamp: { type: 'number', required: true, readOnly: true, default: () => nowSeconds() },
      n: { type: 'string', required: true, readOnly: true },
      action: { type: 'string', required: true },
      user: { type: 'any' },
      payload: { type: 'any' },
    },
    indexes: {
      byClosure: {
        pk: { field: 'pk', composite: ['closureId'], casing: 'none', template: 'CLOSURE#${closureId}' },
        sk: { field: 'sk', composite: ['timestamp', 'n'], casing: 'none', template: 'ACT#${timestamp}#${n}' },
      },
    },
  },
  { table: 'placeholder' },
);
