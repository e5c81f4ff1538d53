// Closures drawn by hand, on the real local stack: where no road of the graph is near (a town
// street in central Forbes), the closure administrator's line is kept exactly as drawn, marked as
// drawn by hand, named by its place, validated (points, length, the council's own LGA), shown on
// /text and in the feeds, and avoided by directions only where it runs along a road of the graph.
import CheapRuler from 'cheap-ruler';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gql, signIn, useStackTable, type Auth } from '../../support/api';
import { until } from '../comms/support';
import { FORBES_TOWN, NEWELL_NORTH, PARKES_TOWN, route } from '../directions/support';

const FORBES = '12900';
const FIELDS = 'id formattedAddress nearestLocation { name distance } regions { id geometry drawnByHand } version';
const CREATE = `mutation($input: ClosureInput!) { createClosure(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: ClosureInput!) { updateClosure(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = `mutation($id: ID!) { deleteClosure(id: $id) { id } }`;
const SNAP = `query($points: [CoordinateInput!]!) { snapToRoads(points: $points) { geometry } }`;
const IN_BOUNDS = `query($bounds: BoundsInput!) { closuresInBounds(bounds: $bounds) { id regions { geometry drawnByHand } } }`;

/** The street in central Forbes: no road of the (major-road) graph within 60 m. */
const TOWN_STREET: [number, number][] = [
  [148.01, -33.388],
  [148.0121234, -33.3874567],
  [148.014, -33.387],
];

let staff: Auth;
const created: string[] = [];

beforeAll(async () => {
  useStackTable();
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
});

afterAll(async () => {
  // Other files plan trips in Forbes: leave no closure of ours behind.
  for (const id of created) await gql(DELETE, { id }, staff);
});

const line = (coordinates: number[][]) => JSON.stringify({ type: 'LineString', coordinates });
const input = (coordinates: number[][], extra: Record<string, unknown> = {}, region: Record<string, unknown> = { drawnByHand: true }) => ({
  lgaCode: FORBES,
  type: 'event',
  reason: 'Street market',
  regions: [{ geometry: line(coordinates), ...region }],
  ...extra,
});

async function create(coordinates: number[][], region?: Record<string, unknown>) {
  const res = await gql<{ createClosure: any }>(CREATE, { input: input(coordinates, {}, region) }, staff);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  created.push(res.data!.createClosure.id);
  return res.data!.createClosure;
}

async function refused(coordinates: number[][]) {
  const res = await gql(CREATE, { input: input(coordinates) }, staff);
  expect(res.data?.createClosure ?? null).toBeNull();
  return res.errors?.[0];
}

describe('a street in central Forbes the road graph lacks', () => {
  it('the snap refuses it with the spec message', async () => {
    const res = await gql(SNAP, { points: [{ lat: -33.388, lng: 148.01 }, { lat: -33.387, lng: 148.014 }] }, staff);
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Too far from a road. Please zoom in and try again.' });
  });

  it('a line drawn by hand is kept exactly, marked, and named by its place, never a road class', async () => {
    const closure = await create(TOWN_STREET);
    const region = closure.regions[0];
    expect(region.drawnByHand).toBe(true);
    expect(JSON.parse(region.geometry).coordinates).toEqual([
      [148.01, -33.388],
      [148.012123, -33.387457],
      [148.014, -33.387],
    ]);
    expect(closure.formattedAddress).toBe('Forbes, NSW');
    expect(closure.nearestLocation).toBeNull();

    // Public: on the map's viewport query, as drawn.
    const map = await gql<{ closuresInBounds: any[] }>(IN_BOUNDS, { bounds: { west: 148.0, south: -33.39, east: 148.02, north: -33.38 } }, { apiKey: true });
    const shown = map.data!.closuresInBounds.find((c) => c.id === closure.id);
    expect(shown.regions[0].drawnByHand).toBe(true);
    expect(shown.regions[0].geometry).toBe(region.geometry);

    // An edit that leaves the flag out (the detail page's save) keeps how the region was drawn.
    const edited = await gql<{ updateClosure: any }>(
      UPDATE,
      { id: closure.id, input: input(TOWN_STREET, { reason: 'Street market, 4 pm to 10 pm' }, { id: region.id }) },
      staff,
    );
    expect(edited.errors).toBeUndefined();
    expect(edited.data!.updateClosure.regions[0]).toMatchObject({ id: region.id, drawnByHand: true });

    // /text names it by the place.
    const text = await (await fetch(`${inject('stack').url}/text/${FORBES}`)).text();
    expect(text).toContain('Event: Forbes, NSW');
    expect(text).toContain('Street market, 4 pm to 10 pm');
    expect(text).not.toMatch(/: (Secondary|Primary|Tertiary) road</);
  });

  it('shows in the open GeoJSON feed as drawn, with no road named that is not there', { timeout: 90_000 }, async () => {
    const closure = await create(TOWN_STREET.map(([x, y]) => [x + 0.0002, y]));
    const feed = async () => (await fetch(`${inject('stack').url}/feeds/${FORBES}/closures.geojson`)).text();
    const geo = JSON.parse(await until(feed, (text) => text.includes(closure.id)));
    const feature = geo.features.find((f: any) => f.id === closure.id);
    expect(feature.geometry.coordinates[0]).toEqual(JSON.parse(closure.regions[0].geometry).coordinates);
    expect(feature.properties).toMatchObject({ road: null, locality: 'Forbes', formattedAddress: 'Forbes, NSW' });
    // WZDx and Waze require the road's name: a street the road map does not know has none, so they leave it out rather than name the wrong road.
    const wzdx = await (await fetch(`${inject('stack').url}/feeds/${FORBES}/wzdx.json`)).text();
    const waze = await (await fetch(`${inject('stack').url}/feeds/${FORBES}/waze.xml`)).text();
    expect(wzdx).not.toContain('148.0102');
    expect(waze).not.toContain('148.010200');
  });
});

describe('validation of a line drawn by hand', () => {
  it('refuses one point, too many points, too long a line, a line outside the council and a flag that is not a boolean', async () => {
    expect(await refused([[148.01, -33.388]])).toMatchObject({ errorType: 'ValidationError', message: 'A polyline path needs at least two vertices' });
    expect(await refused([[148.01, -33.388], [148.01, -33.388]])).toMatchObject({ message: 'A line drawn by hand needs two different points' });
    const many = Array.from({ length: 201 }, (_, i) => [148.0 + i * 0.00005, -33.388]);
    expect(await refused(many)).toMatchObject({ errorType: 'ValidationError', message: 'A line drawn by hand can have at most 200 points' });
    expect(await refused([[147.9, -33.388], [148.15, -33.388]])).toMatchObject({
      errorType: 'ValidationError',
      message: 'A line drawn by hand can be at most 20 km long. Please split it into shorter closures.',
    });
    // Parkes town centre: the other council's street.
    expect(await refused([[148.175, -33.1375], [148.177, -33.137]])).toMatchObject({ errorType: 'ValidationError', message: expect.stringMatching(/^This road is in Parkes, not Forbes/) });
    const notBoolean = await gql(CREATE, { input: input(TOWN_STREET, {}, { drawnByHand: 'yes' }) }, staff);
    // Refused before any resolver runs (the schema's Boolean).
    expect(notBoolean.errors?.length).toBeGreaterThan(0);
    expect(notBoolean.data?.createClosure ?? null).toBeNull();
  });

  it('the same bounds do not apply to a snapped line (a long closure of a highway stays possible)', async () => {
    const many = Array.from({ length: 201 }, (_, i) => [148.0 + i * 0.00005, -33.388]);
    const closure = await create(many, {});
    expect(closure.regions[0].drawnByHand).toBe(false);
  });
});

/** A line beside a straight piece of the Newell Highway north of Forbes, `metres` to its side. */
function besideNewell(metres: number): number[][] {
  const [a, b] = [NEWELL_NORTH[1], NEWELL_NORTH[2]];
  const ruler = new CheapRuler(a[1], 'meters');
  const side = ruler.bearing(a, b) + 90;
  // Inside the segment's ends, so the line lies along the road, not across its bends.
  const at = (t: number): [number, number] => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  const start = ruler.destination(at(0.15), metres, side);
  const end = ruler.destination(at(0.85), metres, side);
  return [start, end].map(([x, y]) => [Math.round(x * 1e6) / 1e6, Math.round(y * 1e6) / 1e6]);
}

describe('directions and a line drawn by hand', { timeout: 90_000 }, () => {
  const trip = { locations: [FORBES_TOWN, PARKES_TOWN] };

  it('keep off a road of the graph that the line runs along, 10 m off its centre line', async () => {
    const closure = await create(besideNewell(10));
    const around = await route(trip);
    expect(around.avoidedClosureIds).toContain(closure.id);
    expect(around.crossesClosureIds).not.toContain(closure.id);
    const through = await route({ ...trip, avoidClosures: false });
    expect(through.crossesClosureIds).toContain(closure.id);
    await gql(DELETE, { id: closure.id }, staff);
  });

  it('have nothing to keep off where no road of the graph runs along it (60 m off, or the town street)', async () => {
    const off = await create(besideNewell(60));
    const street = await create(TOWN_STREET.map(([x, y]) => [x, y - 0.0002]));
    const plain = await route(trip);
    for (const id of [off.id, street.id]) {
      expect(plain.avoidedClosureIds).not.toContain(id);
      expect(plain.crossesClosureIds).not.toContain(id);
    }
    await gql(DELETE, { id: off.id }, staff);
  });

  it('a snapped line 10 m off the road (not drawn by hand) is not taken for the road', async () => {
    const snappedOff = await create(besideNewell(10), {});
    const plain = await route(trip);
    expect(plain.avoidedClosureIds).not.toContain(snappedOff.id);
    expect(plain.crossesClosureIds).not.toContain(snappedOff.id);
    await gql(DELETE, { id: snappedOff.id }, staff);
  });
});
