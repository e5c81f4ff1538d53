// The foundation operations end to end: HTTP → local AppSync → the same Lambda handlers →
// DynamoDB Local, with tokens from cognito-local. Roles come from the database.
import { SignJWT, generateKeyPair, decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn, useStackTable } from '../support/api';

const ME = `query { me { uid email displayName admin staff lgaCode managed { lgaCode lgaName roles customerStatus } } }`;

let tokens: Record<'admin' | 'staff' | 'resident', string>;

beforeAll(async () => {
  useStackTable();
  const [admin, staff, resident] = await Promise.all([
    signIn('admin@example.com'),
    signIn('staff@forbes.example'),
    signIn('resident@example.com'),
  ]);
  tokens = { admin: admin.accessToken, staff: staff.accessToken, resident: resident.accessToken };
});

describe('me', () => {
  it('tells the staff account its five Forbes roles and the active customer', async () => {
    const res = await gql<{ me: any }>(ME, {}, { token: tokens.staff });
    expect(res.errors).toBeUndefined();
    expect(res.data!.me).toMatchObject({ email: 'staff@forbes.example', admin: false, staff: true, lgaCode: '12900' });
    expect(res.data!.me.managed).toEqual([
      {
        lgaCode: '12900',
        lgaName: 'Forbes',
        customerStatus: 'active',
        roles: ['account_manager', 'announcement_manager', 'closure_administrator', 'media_comms_manager', 'submission_moderator'],
      },
    ]);
  });

  it('tells the admin it is an admin and the resident it is neither', async () => {
    const admin = await gql<{ me: any }>(ME, {}, { token: tokens.admin });
    expect(admin.data!.me).toMatchObject({ email: 'admin@example.com', admin: true, staff: false, managed: [] });
    const resident = await gql<{ me: any }>(ME, {}, { token: tokens.resident });
    expect(resident.data!.me).toMatchObject({ email: 'resident@example.com', admin: false, staff: false, lgaCode: '12900' });
  });

  it('is refused to an API-key (anonymous) caller', async () => {
    const res = await gql(ME, {}, { apiKey: true });
    expect(res.data?.me ?? null).toBeNull();
    expect(res.errors?.[0]?.errorType).toBe('Unauthorized');
  });

  it('refuses a call with no credentials and a forged token', async () => {
    const none = await gql(ME, {}, { none: true });
    expect(none.status).toBe(401);
    // Same claims as a real token, signed with a key cognito-local never issued.
    const claims = decodeJwt(tokens.admin);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .sign(privateKey);
    const res = await gql(ME, {}, { token: forged });
    expect(res.status).toBe(401);
    expect(res.data).toBeFalsy();
  });

  it('does not trust group claims: promoting oneself in Cognito changes nothing without the database', async () => {
    // The resident's token carries no admin group, and even the admin flag is read from the table.
    const res = await gql<{ me: any }>(ME, {}, { token: tokens.resident });
    expect(res.data!.me.admin).toBe(false);
  });
});

describe('lgas and lga', () => {
  it('lists every Australian LGA publicly, Forbes with its active customer', async () => {
    const res = await gql<{ lgas: any[] }>(`query { lgas { code name state customerStatus bbox centroid { lat lng } } }`);
    expect(res.errors).toBeUndefined();
    // Other test files add councils of their own (codes like BATCH-…), before or after this one.
    expect(res.data!.lgas.filter((l) => /^\d{5}$/.test(l.code))).toHaveLength(547);
    const forbes = res.data!.lgas.find((l) => l.code === '12900');
    expect(forbes).toMatchObject({ name: 'Forbes', state: 'NSW', customerStatus: 'active' });
    expect(forbes.bbox[0]).toBeCloseTo(147.29682, 3);
    expect(res.data!.lgas.find((l) => l.code === '10050')).toMatchObject({ name: 'Albury', state: 'NSW' });
    // Councils that never subscribed say so (other tests may make a few councils customers).
    expect(res.data!.lgas.filter((l) => l.customerStatus === 'none').length).toBeGreaterThan(500);
  });

  it('returns one LGA, null for an unknown code and the spec message for a malformed one', async () => {
    const forbes = await gql<{ lga: any }>(`query($c: ID!) { lga(code: $c) { code name centroid { lat lng } } }`, { c: '12900' });
    expect(forbes.data!.lga.centroid.lat).toBeCloseTo(-33.4, 0);
    const unknown = await gql<{ lga: any }>(`query { lga(code: "00001") { code } }`);
    expect(unknown.data!.lga).toBeNull();
    const bad = await gql(`query { lga(code: "forbes") { code } }`);
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Invalid LGA' });
  });
});

describe('lgaDataImport', () => {
  it('points at a downloadable bundle of all LGA boundaries', async () => {
    const res = await gql<{ lgaDataImport: any }>(`query { lgaDataImport { timestamp downloadUrl lgaCount } }`);
    expect(res.errors).toBeUndefined();
    const { downloadUrl, lgaCount, timestamp } = res.data!.lgaDataImport;
    expect(lgaCount).toBe(547);
    expect(timestamp).toBeGreaterThan(1_700_000_000);
    const bundle = await fetch(downloadUrl);
    expect(bundle.status).toBe(200);
    const geojson = (await bundle.json()) as { features: { properties: { code: string }; geometry: { type: string } }[] };
    expect(geojson.features).toHaveLength(547);
    expect(geojson.features.find((f) => f.properties.code === '12900')?.geometry.type).toBe('Polygon');
  });
});

describe('submitEnquiry and reportClientError', () => {
  const SUBMIT = `mutation($i: EnquiryInput!) { submitEnquiry(input: $i) { id name email lgaCode message createdAt } }`;

  it('stores an anonymous enquiry and lowercases the email', async () => {
    const res = await gql<{ submitEnquiry: any }>(SUBMIT, {
      i: { name: 'Pat Council', email: ' Pat@Shire.NSW.gov.au ', lgaCode: '12900', message: 'We would like a demo.' },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.submitEnquiry).toMatchObject({ email: 'pat@shire.nsw.gov.au', lgaCode: '12900' });
    const { db } = await import('../../lambdas/adapters/db/db');
    const stored = await db().entities.enquiry.get({ id: res.data!.submitEnquiry.id }).go();
    expect(stored.data?.message).toBe('We would like a demo.');
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const { db } = await import('../../lambdas/adapters/db/db');
    const before = await db().entities.enquiry.query.newest({}).go({ pages: 'all' });
    const badEmail = await gql(SUBMIT, { i: { name: 'X', email: 'not-an-email', message: 'hi' } });
    expect(badEmail.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Invalid email address' });
    const tooLong = await gql(SUBMIT, { i: { name: 'X', email: 'x@example.com', message: 'a'.repeat(5001) } });
    expect(tooLong.errors?.[0]?.message).toBe('Message is too long (maximum 5000 characters)');
    const empty = await gql(SUBMIT, { i: { name: '  ', email: 'x@example.com', message: 'hi' } });
    expect(empty.errors?.[0]?.message).toBe('Name is required');
    const after = await db().entities.enquiry.query.newest({}).go({ pages: 'all' });
    expect(after.data.length).toBe(before.data.length);
  });

  it('records a client error with a 30-day expiry', async () => {
    const res = await gql<{ reportClientError: boolean }>(
      `mutation($i: ClientErrorInput!) { reportClientError(input: $i) }`,
      { i: { message: 'TypeError: x is undefined', url: 'http://127.0.0.1/map', release: '0.1.0' } },
    );
    expect(res.data!.reportClientError).toBe(true);
    const { db } = await import('../../lambdas/adapters/db/db');
    const { data } = await db().entities.clientError.query.newest({}).go({ order: 'desc', limit: 1 });
    expect(data[0]).toMatchObject({ message: 'TypeError: x is undefined', release: '0.1.0' });
    expect(data[0].expiresAt! - data[0].createdAt).toBe(30 * 24 * 3600);
  });

  it('keeps neither who reported an error nor their user agent or URL, only the browser and route', async () => {
    const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.85 Safari/537.36';
    const message = `Privacy check ${Date.now()}`;
    const res = await gql<{ reportClientError: boolean }>(
      `mutation($i: ClientErrorInput!) { reportClientError(input: $i) }`,
      { i: { message, url: 'http://127.0.0.1/closures/3f2a9c1e-0b7d-4e8a-9c1f-2b3d4e5f6a7b/detail?from=mail', userAgent, release: '0.1.0' } },
      { token: tokens.resident },
    );
    expect(res.data!.reportClientError).toBe(true);
    const { dynamoClient, tableName } = await import('../../lambdas/adapters/db/client');
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    // Raw items: every attribute written, not only those the entity declares.
    const { Items } = await dynamoClient().send(
      new QueryCommand({ TableName: tableName(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'CLIENT_ERRORS' }, ScanIndexForward: false, Limit: 20 }),
    );
    const item = Items!.find((i) => i.message === message)!;
    expect(item).toMatchObject({ url: '/closures/:id/detail', browser: 'Chrome 131', release: '0.1.0' });
    const resident = decodeJwt(tokens.resident).sub!;
    expect(JSON.stringify(item)).not.toContain(resident);
    expect(JSON.stringify(item)).not.toContain('AppleWebKit');
    expect(JSON.stringify(item)).not.toContain('3f2a9c1e');
  });
});
