// The public map's per-LGA file on the real local stack: written at start-up for every LGA with
// closures, served with ETag / 304 and the short shared cache time CloudFront uses, an empty
// collection (not a 404) for a known LGA that has no file yet, and rewritten on a closure change.
import { beforeAll, describe, expect, it, inject } from 'vitest';
import { FORBES, commsCallers, forbesClosure, until } from './support';
import type { Auth } from '../../support/api';

/** A seeded LGA no test writes closures in. */
const QUIET_LGA = '17550';
const mapFile = (lga: string, headers: Record<string, string> = {}) => fetch(`${inject('stack').url}/feeds/${lga}/map.json`, { headers });
const closureIds = async (response: Response) => ((await response.json()) as { closures: { id: string }[] }).closures.map((c) => c.id);

let staff: Auth;
beforeAll(async () => {
  staff = (await commsCallers()).staff;
});

describe('public map file', { timeout: 120_000 }, () => {
  it("exists for Forbes from start-up, with the map's fields, an ETag and a 304 for an unchanged copy", async () => {
    const response = await mapFile(FORBES);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10, must-revalidate');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const etag = response.headers.get('etag');
    expect(etag).toBeTruthy();
    const file = (await response.json()) as { lgaCode: string; closures: Record<string, unknown>[] };
    expect(file.lgaCode).toBe(FORBES);
    expect(file.closures.length).toBeGreaterThan(0);
    expect(file.closures[0]).toMatchObject({ lgaCode: FORBES, type: { value: expect.any(String) }, position: { lat: expect.any(Number) } });
    // The local server keeps the file as an edge does, so the same ETag answers 304 at once.
    expect((await mapFile(FORBES, { 'if-none-match': etag! })).status).toBe(304);
  });

  it('answers an empty collection for a known LGA without a file, and 404 for an unknown LGA', async () => {
    const quiet = await mapFile(QUIET_LGA);
    expect(quiet.status).toBe(200);
    expect(await quiet.json()).toMatchObject({ lgaCode: QUIET_LGA, closures: [] });
    expect((await mapFile(QUIET_LGA, { 'if-none-match': quiet.headers.get('etag')! })).status).toBe(304);
    expect((await mapFile('99999')).status).toBe(404);
  });

  it("holds a new closure once the LGA's file is rewritten (within the 10 s an edge may keep the old one)", async () => {
    const { id } = await forbesClosure(staff);
    const ids = await until(async () => closureIds(await mapFile(FORBES)), (list) => list.includes(id));
    expect(ids).toContain(id);
  }, 40_000);
});
