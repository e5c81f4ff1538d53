// Media ownership: a closure administrator attaches only their own uploads or photos already
// published in the same LGA; a resident's private upload can never be put on a public closure.
// Unattached uploads expire (TTL on the item, a tag for the bucket's lifecycle rule); a content
// type that is an object property ("constructor") is refused as a validation error.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, useStackTable } from '../../support/api';
import { CLOSURE_FIELDS, createClosure, errorOf, lineAt, matrixCallers, type Callers } from '../closures/support';
import { submit } from '../reports/support';

const UPLOAD = `mutation($i: MediaUploadInput!) { createMediaUpload(input: $i) { url fields media { id } } }`;
const ATTACH = `mutation($c: ID!, $m: ID!) { attachClosureMedia(closureId: $c, mediaId: $m) { ${CLOSURE_FIELDS} } }`;

let c: Callers;
beforeAll(async () => {
  useStackTable();
  c = await matrixCallers();
});

const forbesLine = () => lineAt(147.7 + Math.random() * 0.2, -33.45 + Math.random() * 0.1);

async function uploadAs(auth: Callers['auth'][keyof Callers['auth']]) {
  const res = await gql<{ createMediaUpload: { url: string; fields: string; media: { id: string } } }>(UPLOAD, { i: { contentType: 'image/png', size: 2000 } }, auth);
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.createMediaUpload;
}

async function mediaItem(id: string) {
  const { db } = await import('../../../lambdas/adapters/db/db');
  return (await db().entities.media.get({ id }).go()).data;
}

describe('attaching media to a closure', () => {
  it("refuses a resident's private upload and leaves the closure and the upload as they were", async () => {
    const closure = await createClosure(c.auth.staff, { regions: [{ geometry: forbesLine() }] });
    const upload = await uploadAs(c.auth.resident);
    const res = await gql(ATTACH, { c: closure.id, m: upload.media.id }, c.auth.staff);
    expect(errorOf(res)?.errorType).toBe('Forbidden');
    const admin = await gql(ATTACH, { c: closure.id, m: upload.media.id }, c.auth.admin);
    expect(errorOf(admin)?.errorType).toBe('Forbidden');
    const after = await gql<{ closure: { mediaIds: string[] } }>(`query($id: ID!) { closure(id: $id) { mediaIds } }`, { id: closure.id }, c.auth.staff);
    expect(after.data!.closure.mediaIds).toEqual([]);
    expect((await mediaItem(upload.media.id))?.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it('attaches the caller\'s own upload, which then stops expiring', async () => {
    const closure = await createClosure(c.auth.staff, { regions: [{ geometry: forbesLine() }] });
    const upload = await uploadAs(c.auth.staff);
    const before = await mediaItem(upload.media.id);
    expect(before?.expiresAt).toBeGreaterThan(Date.now() / 1000 + 86_400);
    // The presigned POST carries the tag the media bucket's lifecycle rule expires.
    expect(JSON.parse(upload.fields).tagging).toBe('<Tagging><TagSet><Tag><Key>unattached</Key><Value>true</Value></Tag></TagSet></Tagging>');
    const res = await gql<{ attachClosureMedia: { mediaIds: string[] } }>(ATTACH, { c: closure.id, m: upload.media.id }, c.auth.staff);
    expect(res.data?.attachClosureMedia.mediaIds).toEqual([upload.media.id]);
    expect((await mediaItem(upload.media.id))?.expiresAt).toBeUndefined();
  });

  it("attaches a photo of a Forbes report, but not to another LGA's closure", async () => {
    const photo = await uploadAs(c.auth.resident);
    await submit(c.auth.resident, { type: 'storm', position: { lng: 147.75 + Math.random() * 0.1, lat: -33.42 + Math.random() * 0.05 }, mediaIds: [photo.media.id] });
    expect((await mediaItem(photo.media.id))?.expiresAt).toBeUndefined();
    const forbes = await createClosure(c.auth.staff, { regions: [{ geometry: forbesLine() }] });
    const ok = await gql<{ attachClosureMedia: { mediaIds: string[] } }>(ATTACH, { c: forbes.id, m: photo.media.id }, c.auth.staff);
    expect(ok.data?.attachClosureMedia.mediaIds).toEqual([photo.media.id]);
    const parkes = await createClosure(c.auth.admin, { lgaCode: '16200', regions: [{ geometry: lineAt(148.1753, -33.1372) }] });
    const elsewhere = await gql(ATTACH, { c: parkes.id, m: photo.media.id }, c.auth.admin);
    expect(errorOf(elsewhere)?.errorType).toBe('Forbidden');
  });
});

describe('content types that are object properties', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('%s is a validation error, not an internal one', async (contentType) => {
    const res = await gql(UPLOAD, { i: { contentType, size: 2000 } }, c.auth.resident);
    expect(errorOf(res)).toMatchObject({ errorType: 'ValidationError', message: 'Only JPEG, PNG, WebP or GIF images can be uploaded' });
  });
});

describe('an unattached upload', () => {
  it('is accepted by the bucket with its expiry tag', async () => {
    const upload = await uploadAs(c.auth.resident);
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
    const form = new FormData();
    for (const [key, value] of Object.entries(JSON.parse(upload.fields) as Record<string, string>)) form.append(key, value);
    form.append('file', new Blob([image], { type: 'image/png' }), 'photo.png');
    const response = await fetch(upload.url, { method: 'POST', body: form });
    expect(response.status).toBeLessThan(300);
  });
});
