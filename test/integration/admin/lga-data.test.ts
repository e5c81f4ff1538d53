// Publishing a new LGA boundaries bundle as an administrator: presigned upload, validation with
// feature numbers (a malformed file changes nothing), a new import every client re-downloads,
// and the rollback that republishes the previous bundle under a new timestamp.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, useStackTable } from '../../support/api';
import { call, createUser, unique, type TestUser } from '../identity/support';

let admin: TestUser;
const features = (JSON.parse(readFileSync('data/lga/australia-lga.geojson', 'utf8')) as { features: any[] }).features.slice(0, 3);
const CURRENT = `query { lgaDataImport { timestamp downloadUrl lgaCount } }`;

async function upload(content: string | Buffer): Promise<string> {
  const res = await call<{ createLgaDataUpload: any }>(
    `mutation($b: Int!) { createLgaDataUpload(bytes: $b) { uploadId url fields maxBytes } }`,
    { b: Buffer.byteLength(content) },
    admin,
  );
  const { uploadId, url, fields, maxBytes } = res.data!.createLgaDataUpload;
  expect(maxBytes).toBe(50 * 1024 * 1024);
  const form = new FormData();
  for (const [k, v] of Object.entries(JSON.parse(fields) as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([content], { type: typeof content === 'string' ? 'application/geo+json' : 'application/gzip' }));
  const posted = await fetch(url, { method: 'POST', body: form });
  expect(posted.status).toBeLessThan(300);
  return uploadId;
}

const publish = (uploadId: string) => call<{ publishLgaDataImport: any }>(`mutation($u: ID!) { publishLgaDataImport(uploadId: $u) { timestamp lgaCount current bytes } }`, { u: uploadId }, admin);

beforeAll(async () => {
  useStackTable();
  admin = await createUser({ email: `admin.${unique()}@example.com`, admin: true });
}, 60_000);

describe('LGA boundaries imports', () => {
  it('refuses a malformed file with the feature numbers and changes nothing', async () => {
    const before = (await gql<{ lgaDataImport: any }>(CURRENT)).data!.lgaDataImport;
    const bad = structuredClone(features);
    bad[1].properties.lga_code = '123';
    bad[2].geometry = { type: 'LineString', coordinates: [[150, -33], [151, -33]] };
    const res = await publish(await upload(JSON.stringify({ type: 'FeatureCollection', features: bad })));
    expect(res.errors?.[0]?.errorType).toBe('ValidationError');
    expect(res.errors?.[0]?.message).toBe(
      'The file was not published. Feature 2: lga_code must be 5 digits; Feature 3: geometry must be a Polygon or MultiPolygon, not LineString',
    );
    const notJson = await publish(await upload('{"type": "FeatureCollection", '));
    expect(notJson.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'The file is not valid JSON' });
    expect((await gql<{ lgaDataImport: any }>(CURRENT)).data!.lgaDataImport).toEqual(before);
    const tooBig = await call(`mutation { createLgaDataUpload(bytes: 52428801) { uploadId } }`, {}, admin);
    expect(tooBig.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'The file is larger than 50 MB' });
  });

  it('refuses a gzip bomb (a 1 MB .gz of a gigabyte) as larger than 50 MB and changes nothing', async () => {
    const before = (await gql<{ lgaDataImport: any }>(CURRENT)).data!.lgaDataImport;
    const member = gzipSync(Buffer.alloc(16 * 1024 * 1024));
    const bomb = Buffer.concat(Array.from({ length: 64 }, () => member));
    const res = await publish(await upload(bomb));
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'The file is larger than 50 MB' });
    const damaged = await publish(await upload(gzipSync(Buffer.from(JSON.stringify({ type: 'FeatureCollection', features }))).subarray(0, 64)));
    expect(damaged.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'The .gz file is damaged and could not be unzipped' });
    expect((await gql<{ lgaDataImport: any }>(CURRENT)).data!.lgaDataImport).toEqual(before);
  });

  it('publishes a valid file as a new import and rolls back to the previous bundle', async () => {
    const before = (await gql<{ lgaDataImport: any }>(CURRENT)).data!.lgaDataImport;
    const modified = structuredClone(features);
    modified[0].properties.lga_name = 'Albury (modified)';
    const res = await publish(await upload(JSON.stringify({ type: 'FeatureCollection', features: modified })));
    expect(res.errors).toBeUndefined();
    expect(res.data!.publishLgaDataImport).toMatchObject({ lgaCount: 3, current: true });
    const now = (await gql<{ lgaDataImport: any }>(CURRENT)).data!.lgaDataImport;
    expect(now.timestamp).toBeGreaterThan(before.timestamp);
    expect(now.lgaCount).toBe(3);
    const bundle = (await (await fetch(now.downloadUrl)).json()) as { features: any[] };
    expect(bundle.features[0].properties).toMatchObject({ code: features[0].properties.lga_code, name: 'Albury (modified)', state: 'NSW' });

    const list = await call<{ lgaDataImports: any[] }>(`query { lgaDataImports(limit: 2) { timestamp lgaCount current } }`, {}, admin);
    expect(list.data!.lgaDataImports.map((i) => i.current)).toEqual([true, false]);

    const rollback = await call<{ rollbackLgaDataImport: any }>(`mutation { rollbackLgaDataImport { timestamp lgaCount rolledBackFrom } }`, {}, admin);
    expect(rollback.data!.rollbackLgaDataImport).toMatchObject({ lgaCount: before.lgaCount, rolledBackFrom: before.timestamp });
    const after = (await gql<{ lgaDataImport: any }>(CURRENT)).data!.lgaDataImport;
    expect(after.timestamp).toBeGreaterThan(now.timestamp);
    expect(after.downloadUrl).toBe(before.downloadUrl);
    expect(after.lgaCount).toBe(before.lgaCount);
  });
});
