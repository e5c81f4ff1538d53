// First-start seeding: every Australian LGA, the LGA data bundle, the Forbes customer and the
// demo accounts. Each step checks what is there first, so a restart (or a crash half-way)
// never seeds twice and never overwrites what a user changed.
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { db } from '../lambdas/adapters/db/db';
import { createProfile } from '../lambdas/adapters/identity/principal';
import { latestLgaDataImport } from '../lambdas/adapters/foundation/lgas';
import { STAFF_ROLES } from '../lambdas/core/access';
import { roundCoordinates, STATE_ABBREVIATIONS } from '../lambdas/core/admin/lga-bundle';
import { ensureCognitoUser } from './cognito';
import { BUCKETS } from './s3';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, FORBES, PROJECT_ROOT } from './settings';

interface LgaFeature {
  type: 'Feature';
  properties: Record<string, string | number | null>;
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown };
}

function boundingBox(coordinates: unknown): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (value: unknown) => {
    if (Array.isArray(value) && typeof value[0] === 'number') {
      const [lng, lat] = value as [number, number];
      box[0] = Math.min(box[0], lng);
      box[1] = Math.min(box[1], lat);
      box[2] = Math.max(box[2], lng);
      box[3] = Math.max(box[3], lat);
    } else if (Array.isArray(value)) value.forEach(visit);
  };
  visit(coordinates);
  return box;
}

export function readLgaFeatures(file = path.join(PROJECT_ROOT, 'data', 'lga', 'australia-lga.geojson')): LgaFeature[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { features: LgaFeature[] }).features;
}

export async function seedLgas(s3: S3Client): Promise<number> {
  if (await latestLgaDataImport()) return 0;
  const features = readLgaFeatures();
  const items = features.map((f) => {
    const p = f.properties;
    const stateName = String(p.ste_name ?? '');
    return {
      code: String(p.lga_code),
      name: String(p.lga_name),
      nameLong: p.lga_name_2016 ? String(p.lga_name_2016) : undefined,
      state: STATE_ABBREVIATIONS[stateName] ?? stateName,
      centroid: { lat: Number(p.centroid_lat), lng: Number(p.centroid_lon) },
      bbox: boundingBox(f.geometry.coordinates),
    };
  });
  // BatchWrite may hand back unprocessed items under load (DynamoDB throttling in AWS): retry them.
  let pending = items;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 5) throw new Error(`${pending.length} LGAs could not be written`);
    const { unprocessed } = await db().entities.lga.put(pending).go();
    const left = new Set(unprocessed.map((key) => key.code));
    pending = pending.filter((item) => left.has(item.code));
    if (pending.length) await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
  }

  const bundle = {
    type: 'FeatureCollection',
    features: features.map((f, i) => ({
      type: 'Feature',
      properties: { code: items[i].code, name: items[i].name, state: items[i].state },
      geometry: { type: f.geometry.type, coordinates: roundCoordinates(f.geometry.coordinates) },
    })),
  };
  const timestamp = Math.floor(Date.now() / 1000);
  const objectKey = `feeds/lga-data/${timestamp}.geojson`;
  const body = gzipSync(JSON.stringify(bundle));
  await s3.send(
    new PutObjectCommand({
      Bucket: BUCKETS.feeds,
      Key: objectKey,
      Body: body,
      ContentType: 'application/geo+json',
      ContentEncoding: 'gzip',
    }),
  );
  // The import record is written last: it is what marks this step done.
  await db().entities.lgaDataImport.create({ timestamp, objectKey, lgaCount: items.length, bytes: body.length }).go();
  return items.length;
}

async function createIfAbsent(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!/conditional request failed/i.test(String((error as Error).message))) throw error;
  }
}

export async function seedForbesAndAccounts(cognitoPort: number, userPoolId: string): Promise<void> {
  await createIfAbsent(() => db().entities.customer.create({ lgaCode: FORBES, subscriptionStatus: 'active' }).go());
  for (const account of DEMO_ACCOUNTS) {
    const { sub } = await ensureCognitoUser(cognitoPort, userPoolId, {
      email: account.email,
      name: account.name,
      password: DEMO_PASSWORD,
      groups: account.admin ? ['admin'] : account.email.startsWith('staff@') ? ['staff'] : [],
    });
    const profile = await createProfile(sub, account.email, account.name);
    if (account.admin && !profile.admin) await db().entities.user.patch({ uid: sub }).set({ admin: true }).go();
    if (account.email === 'resident@example.com' && !profile.lgaCode) {
      await db().entities.user.patch({ uid: sub }).set({ lgaCode: FORBES }).go();
    }
    if (account.email.startsWith('staff@')) {
      await createIfAbsent(() =>
        db().entities.manager.create({ lgaCode: FORBES, email: account.email, roles: [...STAFF_ROLES], addedBy: 'seed' }).go(),
      );
      if (!profile.lgaCode) await db().entities.user.patch({ uid: sub }).set({ lgaCode: FORBES }).go();
    }
  }
}
