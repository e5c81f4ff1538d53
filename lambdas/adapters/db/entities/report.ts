// Incident reports from the public and the clusters moderators decide on.
import { Entity } from 'electrodb';
import { SERVICE, coordinate, timestamps } from './common';

export const REPORT_STATUSES = ['pending', 'approved', 'denied', 'rejected', 'retracted'] as const;
export const CLUSTER_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const ReportEntity = new Entity(
  {
    model: { entity: 'report', version: '1', service: SERVICE },
    attributes: {
      id: { type: 'string', required: true, readOnly: true },
      uid: { type: 'string', required: true, readOnly: true },
      lgaCode: { type: 'string', required: true },
      status: { type: REPORT_STATUSES, required: true, default: 'pending' },
      type: { type: 'string', required: true },
      description: { type: 'string' },
      position: coordinate,
      geohash: { type: 'string' },
      nearestLocation: { type: 'any' },
      formattedAddress: { type: 'string' },
      media: { type: 'list', items: { type: 'string' } },
      clusterId: { type: 'string' },
      closureId: { type: 'string' },
      reason: { type: 'string' },
      activity: { type: 'any' },
      /** { type: 'user', payload: { uid } } (spec §3). */
      source: { type: 'any' },
      /** Whether the LGA had a paying customer when the report was made. */
      councilUsesApp: { type: 'boolean' },
      /** Optimistic-lock counter: every change expects the version it read. */
      version: { type: 'number' },
      deniedAt: { type: 'number' },
      retractedAt: { type: 'number' },
      approvedAt: { type: 'number' },
      rejectedAt: { type: 'number' },
      ...timestamps,
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'], casing: 'none', template: 'REPORT#${id}' },
        sk: { field: 'sk', composite: [], casing: 'none', template: 'REPORT' },
      },
      byLgaStatus: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['lgaCode'], casing: 'none', template: 'LGA#${lgaCode}#REPORTS' },
        sk: { field: 'gsi1sk', composite: ['status', 'createdAt'], casing: 'none', template: '${status}#${createdAt}' },
      },
      byAuthor: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['uid'], casing: 'none', template: 'USER#${uid}#REPORTS' },
        sk: { field: 'gsi2sk', composite: ['createdAt', 'id'], casing: 'none', template: '${createdAt}#${id}' },
      },
    },
  },
  { table: 'placeholder' },
);

export const ReportClusterEntity = new Entity(
  {
    model: { entity: 'reportCluster', version: '1', service: SERVICE },
    attributes: {
      id: { type: 'string', required: true, readOnly: true },
      lgaCode: { type: 'string', required: true },
      status: { type: CLUSTER_STATUSES, required: true, default: 'pending' },
      type: { type: 'string', required: true },
      center: coordinate,
      radius: { type: 'number', required: true },
      geohash: { type: 'string', required: true },
      geohash4: { type: 'string', required: true },
      geohash7: { type: 'string', required: true },
      formattedAddress: { type: 'string' },
      media: { type: 'list', items: { type: 'string' } },
      reportIds: { type: 'list', items: { type: 'string' } },
      /** Members keyed by report id ({ lat, lng, uid, media, createdAt }): centre and radius come from them. */
      submissions: { type: 'any' },
      reporterUids: { type: 'list', items: { type: 'string' } },
      nearestLocation: { type: 'any' },
      version: { type: 'number' },
      closureId: { type: 'string' },
      reason: { type: 'string' },
      approvedAt: { type: 'number' },
      rejectedAt: { type: 'number' },
      ...timestamps,
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'], casing: 'none', template: 'CLUSTER#${id}' },
        sk: { field: 'sk', composite: [], casing: 'none', template: 'CLUSTER' },
      },
      byLgaStatus: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['lgaCode'], casing: 'none', template: 'LGA#${lgaCode}#CLUSTERS' },
        sk: { field: 'gsi1sk', composite: ['status', 'updatedAt'], casing: 'none', template: '${status}#${updatedAt}' },
      },
      byCell: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['geohash4'], casing: 'none', template: 'GEO#${geohash4}' },
        sk: { field: 'gsi2sk', composite: ['geohash7', 'id'], casing: 'none', template: '${geohash7}#${id}' },
      },
    },
  },
  { table: 'placeholder' },
);

/**
 * Who started the pending cluster at a spot: one item per LGA, report type and precision-7 cell
 * (about 150 m). A new cluster is created only together with a conditional write of its claim,
 * so reports arriving at the same moment at one spot cannot start two clusters.
 */
export const ReportClusterClaimEntity = new Entity(
  {
    model: { entity: 'reportClusterClaim', version: '1', service: SERVICE },
    attributes: {
      lgaCode: { type: 'string', required: true, readOnly: true },
      type: { type: 'string', required: true, readOnly: true },
      cell: { type: 'string', required: true, readOnly: true },
      clusterId: { type: 'string', required: true },
      /** TTL: a claim outlives no cluster by much; a stale claim is taken over anyway. */
      expiresAt: { type: 'number' },
    },
    indexes: {
      byCell: {
        pk: { field: 'pk', composite: ['lgaCode', 'type'], casing: 'none', template: 'CLUSTERCLAIM#${lgaCode}#${type}' },
        sk: { field: 'sk', composite: ['cell'], casing: 'none', template: '${cell}' },
      },
    },
  },
  { table: 'placeholder' },
);
