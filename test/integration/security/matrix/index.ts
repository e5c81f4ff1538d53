// The authorization matrix: one row per Query, Mutation and Subscription field of lib/schema.graphql.
// Adding an operation? Add its row to the module of its part of the product (see types.ts for the
// shape); ../authorization-matrix.test.ts fails, naming the field, until it is there.
import { announcementRows } from './announcements';
import { billingRows } from './billing';
import { closureRows } from './closures';
import { commsRows } from './comms';
import { foundationRows } from './foundation';
import { identityRows } from './identity';
import { notificationRows } from './notifications';
import { photoRows } from './photos';
import { reportRows } from './reports';
import { savedTripRows } from './saved-trips';
import { watchZoneRows } from './watch-zones';
import type { Rows } from './types';

const parts: Rows[] = [foundationRows, identityRows, closureRows, reportRows, notificationRows, announcementRows, billingRows, commsRows, watchZoneRows, photoRows, savedTripRows];

function merge(all: Rows[]): Rows {
  const merged: Rows = {};
  for (const part of all) {
    for (const [operation, row] of Object.entries(part)) {
      if (merged[operation]) throw new Error(`${operation} has two rows`);
      merged[operation] = row;
    }
  }
  return merged;
}

export const MATRIX = merge(parts);
export * from './types';
