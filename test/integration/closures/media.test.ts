// Media on the local stack: a real presigned POST to s3rver with a PNG made here, the thumbnail
// the S3 hook makes, presigned reads, and the removal rules of spec §4.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, useStackTable } from '../../support/api';
import { CLOSURE_FIELDS, createClosure, errorOf, lineAt, matrixCallers, type Callers } from './support';

let c: Callers;

const UPLOAD = `mutation($i: MediaUploadInput!) { createMediaUpload(input: $i) { url fields maxBytes closureId media { id resized url thumbnailUrl contentType } } }`;
const MEDIA = `query($id: ID!) { media(id: $id) { id resized uploadedAt url thumbnailUrl } }`;
const REMOVE = `mutation($id: ID!) { removeMedia(id: $id) }`;
const DETACH = `mutation($c: ID!, $m: ID!) { detachClosureMedia(closureId: $c, mediaId: $m) { ${CLOSURE_FIELDS} media { id } } }`;

async function png(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } }).png().toBuffer();
}

async function post(upload: { url: string; fields: string }, body: Buffer, contentType = 'image/png') {
  const form = new FormData();
  for (const [key, value] of Object.entries(JSON.parse(upload.fields) as Record<string, string>)) form.append(key, value);
  form.append('file', new Blob([body], { type: contentType }), 'photo.png');
  return fetch(upload.url, { method: 'POST', body: form });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, attempts = 50): Promise<T> {
  let value = await read();
  for (let i = 0; i < attempts && !done(value); i++) {
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
}

beforeAll(async () => {
  useStackTable();
  c = await matrixCallers();
});

describe('uploads and thumbnails', () => {
  it('uploads a PNG with the presigned POST, makes a 400 px thumbnail and attaches it to the closure', async () => {
    const closure = await createClosure(c.auth.staff, { regions: [{ geometry: lineAt(147.8, -33.35) }] });
    const image = await png();
    const res = await gql<{ createMediaUpload: any }>(UPLOAD, { i: { contentType: 'image/png', size: image.length, closureId: closure.id } }, c.auth.staff);
    expect(res.errors).toBeUndefined();
    const upload = res.data!.createMediaUpload;
    expect(upload).toMatchObject({ closureId: closure.id, maxBytes: 10 * 1024 * 1024, media: { resized: false, thumbnailUrl: null, contentType: 'image/png' } });
    expect(new URL(upload.url).hostname).toBe('127.0.0.1');
    const fields = JSON.parse(upload.fields);
    expect(fields.key).toBe(`media/${upload.media.id}/upload.png`);
    expect(fields.Policy ?? fields.policy).toBeTruthy();

    const stored = await post(upload, image);
    expect(stored.status).toBeLessThan(300);

    const media = await until(
      async () => (await gql<{ media: any }>(MEDIA, { id: upload.media.id }, c.auth.staff)).data!.media,
      (m) => m.resized,
    );
    expect(media.resized).toBe(true);
    expect(media.uploadedAt).toBeGreaterThan(0);
    const thumbnail = await fetch(media.thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    const meta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBe(400);
    const original = await fetch(media.url);
    expect(await sharp(Buffer.from(await original.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 800, height: 600 });

    const read = await gql<{ closure: any }>(`query($id: ID!) { closure(id: $id) { mediaIds media { id resized thumbnailUrl } } }`, { id: closure.id });
    expect(read.data!.closure.mediaIds).toEqual([upload.media.id]);
    expect(read.data!.closure.media[0]).toMatchObject({ id: upload.media.id, resized: true });
    const activities = await gql<{ closureActivities: any[] }>(`query($id: ID!) { closureActivities(id: $id) { action } }`, { id: closure.id }, c.auth.staff);
    expect(activities.data!.closureActivities[0].action).toBe('media_added');
  });

  it('refuses non-images and files over 10 MB before presigning', async () => {
    const pdf = await gql(UPLOAD, { i: { contentType: 'application/pdf', size: 100 } }, c.auth.resident);
    expect(errorOf(pdf)).toMatchObject({ errorType: 'ValidationError', message: 'Only JPEG, PNG, WebP or GIF images can be uploaded' });
    const big = await gql(UPLOAD, { i: { contentType: 'image/jpeg', size: 10 * 1024 * 1024 + 1 } }, c.auth.resident);
    expect(errorOf(big)).toMatchObject({ errorType: 'ValidationError', message: 'Images must be 10 MB or smaller' });
    const anonymous = await gql(UPLOAD, { i: { contentType: 'image/jpeg', size: 100 } }, { apiKey: true });
    expect(errorOf(anonymous)?.errorType).toBe('Unauthorized');
  });
});

describe('removal rules', () => {
  it('refuses to remove referenced media; detaching the last reference deletes item and objects', async () => {
    const closure = await createClosure(c.auth.staff, { regions: [{ geometry: lineAt(147.82, -33.36) }] });
    const image = await png(500, 500);
    const res = await gql<{ createMediaUpload: any }>(UPLOAD, { i: { contentType: 'image/png', size: image.length, closureId: closure.id } }, c.auth.staff);
    const upload = res.data!.createMediaUpload;
    await post(upload, image);
    const resized = await until(
      async () => (await gql<{ media: any }>(MEDIA, { id: upload.media.id }, c.auth.staff)).data!.media,
      (m) => m.resized,
    );

    const refused = await gql(REMOVE, { id: upload.media.id }, c.auth.staff);
    expect(errorOf(refused)).toMatchObject({ errorType: 'Conflict', message: 'Cannot remove media item with existing references' });

    const detached = await gql<{ detachClosureMedia: any }>(DETACH, { c: closure.id, m: upload.media.id }, c.auth.staff);
    expect(detached.errors).toBeUndefined();
    expect(detached.data!.detachClosureMedia.mediaIds).toEqual([]);
    const gone = await gql(MEDIA, { id: upload.media.id }, c.auth.staff);
    expect(errorOf(gone)).toMatchObject({ errorType: 'NotFound', message: `Media ${upload.media.id} not found` });
    expect((await fetch(resized.url)).status).toBe(404);
    expect((await fetch(resized.thumbnailUrl)).status).toBe(404);
    const { listReferences } = await import('../../../lambdas/adapters/media/store');
    expect(await listReferences(upload.media.id)).toEqual([]);
  });

  it('lets the owner (or an admin) remove unreferenced media, nobody else', async () => {
    const mine = async () =>
      (await gql<{ createMediaUpload: any }>(UPLOAD, { i: { contentType: 'image/jpeg', size: 1234 } }, c.auth.resident)).data!.createMediaUpload.media.id;
    const first = await mine();
    expect(errorOf(await gql(REMOVE, { id: first }, c.auth.staff))?.errorType).toBe('Forbidden');
    expect(errorOf(await gql(REMOVE, { id: first }, { apiKey: true }))?.errorType).toBe('Unauthorized');
    expect((await gql<{ removeMedia: boolean }>(REMOVE, { id: first }, c.auth.resident)).data!.removeMedia).toBe(true);
    expect(errorOf(await gql(MEDIA, { id: first }, c.auth.resident))?.errorType).toBe('NotFound');
    const second = await mine();
    expect((await gql<{ removeMedia: boolean }>(REMOVE, { id: second }, c.auth.admin)).data!.removeMedia).toBe(true);
  });
});
