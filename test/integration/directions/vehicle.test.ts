// Vehicle-aware directions on the real stack: staff@forbes.example restricts Forbes' unsealed
// roads to 4.5 t; a 12 t truck's route across Forbes keeps off them, a car's does not, and a
// route without a mass is unchanged. The shipped OpenMapTiles roads carry no surface, so the
// unsealed road here is the demo fixture data/roads/forbes-unsealed-fixture.geojson ("Demo
// Gravel Road", 4.3 km between two secondary roads east of Forbes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn, useStackTable, type Auth } from '../../support/api';
import { A, now, resetToOpen } from '../announcements/support';

const FORBES = '12900';
/** On the secondary roads either side of the gravel road: 8 km by gravel, about 35 km sealed. */
const WEST_OF_GRAVEL = { lng: 148.177242, lat: -33.456365 };
const EAST_OF_GRAVEL = { lng: 148.183765, lat: -33.403358 };

const QUERY = `query($locations: [CoordinateInput!]!, $vehicleMass: Float) {
  directions(locations: $locations, vehicleMass: $vehicleMass) { distance steps { name } unsealedAvoidedLgaCodes }
}`;
interface Trip {
  distance: number;
  steps: { name: string | null }[];
  unsealedAvoidedLgaCodes: string[];
}

let staff: Auth;

async function trip(vehicleMass?: number): Promise<Trip> {
  const res = await gql<{ directions: Trip }>(QUERY, { locations: [WEST_OF_GRAVEL, EAST_OF_GRAVEL], vehicleMass }, { apiKey: true });
  expect(res.errors).toBeUndefined();
  return res.data!.directions;
}
const usesGravel = (t: Trip) => t.steps.some((s) => s.name === 'Demo Gravel Road');

beforeAll(async () => {
  useStackTable();
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
  await resetToOpen(FORBES, staff);
});

afterAll(async () => {
  // Forbes' status is shared by every test on the stack: back to open.
  await resetToOpen(FORBES, staff);
});

describe('directions with vehicleMass', () => {
  it('Forbes restricted at 4.5 t: a 12 t truck keeps off its unsealed road, a 3 t car and a trip without a mass do not', async () => {
    // While Forbes' unsealed roads are open, even a truck takes the gravel road.
    const open = await trip(12);
    expect(usesGravel(open)).toBe(true);
    expect(open.unsealedAvoidedLgaCodes).toEqual([]);

    const res = await gql(A.set, { lgaCode: FORBES, input: { status: 'RESTRICTED', vehicleRestrictions: { enabled: true, maxGVM: 4.5 }, expiresAt: now() + 86_400 } }, staff);
    expect(res.errors).toBeUndefined();

    const truck = await trip(12);
    expect(usesGravel(truck)).toBe(false);
    expect(truck.unsealedAvoidedLgaCodes).toEqual([FORBES]);
    expect(truck.distance).toBeGreaterThan(open.distance + 20_000);

    const car = await trip(3);
    expect(usesGravel(car)).toBe(true);
    expect(car.unsealedAvoidedLgaCodes).toEqual([]);
    const plain = await trip();
    expect(usesGravel(plain)).toBe(true);
    expect(plain.distance).toBeCloseTo(open.distance, 0);

    // Closed keeps every vehicle off.
    expect((await gql(A.set, { lgaCode: FORBES, input: { status: 'CLOSED' } }, staff)).errors).toBeUndefined();
    expect(usesGravel(await trip(1))).toBe(false);
  });

  it('refuses a mass out of range with the message, and changes nothing', async () => {
    for (const vehicleMass of [0, 101, -3]) {
      const res = await gql(QUERY, { locations: [WEST_OF_GRAVEL, EAST_OF_GRAVEL], vehicleMass }, { apiKey: true });
      expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Vehicle mass must be between 0.5 and 100 tonnes' });
    }
  });
});
