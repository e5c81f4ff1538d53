// Crafted uploads on the local stack: the bytes decide the type (HTML or SVG named .jpg is
// deleted, never served), and a photo with GPS tags is served without any metadata.
import { GetObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { BUCKETS } from '../../../local/s3';
import { gql, useStackTable } from '../../support/api';
import { matrixCallers, type Callers } from './support';

const UPLOAD = `mutation($i: MediaUploadInput!) { createMediaUpload(input: $i) { url fields media { id } } }`;
const MEDIA = `query($id: ID!) { media(id: $id) { id resized url thumbnailUrl } }`;
let c: Callers;

beforeAll(async () => {
  useStackTable();
  process.env.S3_ENDPOINT = `http://127.0.0.1:${inject('stack').ports.s3}`;
  process.env.MEDIA_BUCKET = BUCKETS.media;
  c = await matrixCallers();
});

/** Uploads bytes the way the browser does, declaring a JPEG named photo.jpg. */
async function uploadAsJpeg(body: Buffer): Promise<{ id: string; key: string }> {
  const res = await gql<{ createMediaUpload: any }>(UPLOAD, { i: { contentType: 'image/jpeg', size: body.length } }, c.auth.resident);
  expect(res.errors).toBeUndefined();
  const { url, fields, media } = res.data!.createMediaUpload;
  const form = new FormData();
  const parsed = JSON.parse(fields) as Record<string, string>;
  for (const [key, value] of Object.entries(parsed)) form.append(key, value);
  form.append('file', new Blob([body], { type: 'image/jpeg' }), 'photo.jpg');
  expect((await fetch(url, { method: 'POST', body: form })).status).toBeLessThan(300);
  return { id: media.id, key: parsed.key };
}

async function exists(key: string): Promise<boolean> {
  const { s3 } = await import('../../../lambdas/adapters/media/bucket');
  try {
    await s3().send(new GetObjectCommand({ Bucket: BUCKETS.media, Key: key }));
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 50 && !(await check()); i++) await new Promise((r) => setTimeout(r, 200));
}

const readMedia = async (id: string) => (await gql<{ media: any }>(MEDIA, { id }, c.auth.resident)).data!.media;

describe('crafted uploads', () => {
  it.each([
    ['an HTML page', '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'],
    ['an SVG with a script', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'],
  ])('%s renamed .jpg is deleted and never served', async (_what, text) => {
    const { id, key } = await uploadAsJpeg(Buffer.from(text));
    await until(async () => !(await exists(key)));
    expect(await exists(key)).toBe(false);
    const media = await readMedia(id);
    expect(media).toMatchObject({ resized: false, thumbnailUrl: null });
    expect((await fetch(media.url)).status).toBe(404);
  });

  it('a photo with GPS and camera tags is served without them', async () => {
    const tagged = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Storm 9', Artist: 'Resident Name' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 23/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '148/1 0/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    expect(tagged.includes(Buffer.from('PhoneMaker'))).toBe(true);

    const { id, key } = await uploadAsJpeg(tagged);
    await until(async () => (await readMedia(id)).resized === true);
    const media = await readMedia(id);
    expect(media.resized).toBe(true);
    const served = Buffer.from(await (await fetch(media.url)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    expect(meta.exif).toBeUndefined();
    expect(served.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(served.includes(Buffer.from('Resident Name'))).toBe(false);
    expect(await exists(key)).toBe(false);
  });
});
