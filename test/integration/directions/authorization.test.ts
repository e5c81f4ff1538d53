// The authorization matrix (docs/security.md#threat-model-who-can-do-what) for the directions
// domain: both operations are public, so every caller of the matrix gets an answer; only a request
// with no credentials at all is turned away.
import { beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../../support/api';
import { matrixCallers, ROLES, type Callers } from '../closures/support';
import { directions, FORBES_TOWN, PARKES_TOWN, SEARCH_PLACES } from './support';

let c: Callers;

beforeAll(async () => {
  c = await matrixCallers();
});

describe.each(ROLES)('%s', (role) => {
  it('may ask for directions', async () => {
    const res = await directions({ locations: [FORBES_TOWN, PARKES_TOWN] }, c.auth[role]);
    expect(res.errors).toBeUndefined();
    expect(res.data!.directions.distance).toBeGreaterThan(30_000);
  });

  it('may search places', async () => {
    const res = await gql<{ searchPlaces: { name: string }[] }>(SEARCH_PLACES, { query: 'Forbes', limit: 1 }, c.auth[role]);
    expect(res.errors).toBeUndefined();
    expect(res.data!.searchPlaces).toEqual([expect.objectContaining({ name: 'Forbes' })]);
  });
});

describe('no credentials', () => {
  it('are refused before any resolver runs', async () => {
    expect((await directions({ locations: [FORBES_TOWN, PARKES_TOWN] }, { none: true })).status).toBe(401);
    expect((await gql(SEARCH_PLACES, { query: 'Forbes' }, { none: true })).status).toBe(401);
  });
});
