// Publishing an LGA bundle changes what the server uses, not only the clients' download: the LGA
// records (names, bounding boxes) and the boundaries a closure must lie within. A rollback
// restores both. The bundle here moves Forbes' boundary away from the Newell Highway.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, useStackTable } from '../../support/api';
import { CREATE, DELETE, FORBES, closureInput } from '../closures/support';
import { call, createUser, unique, type TestUser } from '../identity/support';

const ALBURY = '10050';
const abs = (JSON.parse(readFileSync('data/lga/australia-lga.geojson', 'utf8')) as { features: any[] }).features;
const LGA = `query($code: ID!) { lga(code: $code) { code name bbox } }`;
/** A square of about 1 km, 400 km from Forbes. */
const ELSEWHERE = [[[149, -30], [149.01, -30], [149.01, -30.01], [149, -30.01], [149, -30]]];

let admin: TestUser;
let staff: TestUser;

async function publish(features: unknown[]) {
  const content = JSON.stringify({ type: 'FeatureCollection', features });
  const created = await call<{ createLgaDataUpload: any }>(`mutation($b: Int!) { createLgaDataUpload(bytes: $b) { uploadId url fields } }`, { b: Buffer.byteLength(content) }, admin);
  const { uploadId, url, fields } = created.data!.createLgaDataUpload;
  const form = new FormData();
  for (const [k, v] of Object.entries(JSON.parse(fields) as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([content], { type: 'application/geo+json' }));
  expect((await fetch(url, { method: 'POST', body: form })).status).toBeLessThan(300);
  return call<{ publishLgaDataImport: any }>(`mutation($u: ID!) { publishLgaDataImport(uploadId: $u) { timestamp lgaCount } }`, { u: uploadId }, admin);
}

const lga = async (code: string) => (await gql<{ lga: { code: string; name: string; bbox: number[] } }>(LGA, { code })).data!.lga;
const createClosure = (reason: string) => gql<{ createClosure: { id: string } }>(CREATE, { input: closureInput({ reason }) }, { token: staff.token });

beforeAll(async () => {
  useStackTable();
  admin = await createUser({ email: `admin.${unique()}@example.com`, admin: true });
  staff = await createUser({ email: `closures.${unique()}@forbes.example`, manages: [{ lgaCode: FORBES, roles: ['closure_administrator'] }] });
}, 60_000);

describe('a published LGA bundle on the server', () => {
  it('renames and moves LGAs for the server; a rollback restores them', async () => {
    const [alburyBefore, forbesBefore] = [await lga(ALBURY), await lga(FORBES)];
    expect(alburyBefore.name).toBe('Albury');
    const albury = structuredClone(abs.find((f) => f.properties.lga_code === ALBURY));
    albury.properties.lga_name = 'Albury (server test)';
    const forbes = structuredClone(abs.find((f) => f.properties.lga_code === FORBES));
    forbes.geometry = { type: 'Polygon', coordinates: ELSEWHERE };

    const published = await publish([albury, forbes]);
    expect(published.errors).toBeUndefined();
    try {
      expect((await lga(ALBURY)).name).toBe('Albury (server test)');
      expect((await lga(FORBES)).bbox).toEqual([149, -30.01, 149.01, -30]);
      // The Newell Highway is no longer inside Forbes: the closure is refused and nothing is written.
      const refused = await createClosure(`Outside ${unique()}`);
      expect(refused.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'This road is outside Forbes: staff can only work on roads of their own council' });
    } finally {
      const rollback = await call(`mutation { rollbackLgaDataImport { timestamp } }`, {}, admin);
      expect(rollback.errors).toBeUndefined();
    }

    expect(await lga(ALBURY)).toEqual(alburyBefore);
    const restored = await lga(FORBES);
    expect(restored.name).toBe('Forbes');
    restored.bbox.forEach((value, i) => expect(value).toBeCloseTo(forbesBefore.bbox[i], 3));
    // Forbes' own boundary again: the same road is accepted (and the test's closure removed).
    const accepted = await createClosure(`Inside ${unique()}`);
    expect(accepted.errors).toBeUndefined();
    await gql(DELETE, { id: accepted.data!.createClosure.id }, { token: staff.token });
  });
});
