// Photo evidence on the real local stack (docs/drfa.md#photo-evidence): a photo uploaded with EXIF
// is served publicly without it while its original, kept privately, still carries it; staff of the
// closure's council see the capture time and position read from it and download the original, and
// a resident, another council's staff and anonymous callers cannot; staff set each photo's stage
// (a bad stage refused, two changes at once leaving one); and the "Photos (zip)" of a range holds
// the originals with photos.csv, the register.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { BUCKETS } from '../../../local/s3';
import { gql, type Auth } from '../../support/api';
import { exifPhoto, FIXTURE_EXIF } from '../../fixtures/photos/exif-photo';
import { PHOTO_STAGE_MESSAGE } from '../../../lambdas/core/drfa/photos';
import { FORBES, commsCallers, forbesClosure, until, type Role } from './support';
import { APPROVE_REPORT, newResident, placedAt, submit } from '../reports/support';

const UPLOAD = `mutation($i: MediaUploadInput!) { createMediaUpload(input: $i) { url fields media { id } } }`;
const PHOTO = `mediaId stage stageLabel capturedAt capturedLocal latitude longitude uploader originalKept originalUrl media { url resized }`;
const PHOTOS = `query($c: ID!) { closurePhotos(closureId: $c) { ${PHOTO} } }`;
const STAGE = `mutation($c: ID!, $m: ID!, $s: String!) { setPhotoStage(closureId: $c, mediaId: $m, stage: $s) { ${PHOTO} } }`;
const ARCHIVE = `query($l: String!, $fd: AWSDate, $td: AWSDate) { drfaPhotoArchive(lgaCode: $l, fromDay: $fd, toDay: $td) { url photoCount registerRows } }`;

let c: Record<Role, Auth>;
let fixture: Buffer;
let closure: { id: string };
let mediaId: string;

/** Uploads bytes for a closure the way the browser does. */
async function uploadFor(closureId: string | null, body: Buffer, auth: Auth): Promise<string> {
  const res = await gql<{ createMediaUpload: any }>(UPLOAD, { i: { contentType: 'image/jpeg', size: body.length, closureId } }, auth);
  expect(res.errors).toBeUndefined();
  const { url, fields, media } = res.data!.createMediaUpload;
  const form = new FormData();
  for (const [key, value] of Object.entries(JSON.parse(fields) as Record<string, string>)) form.append(key, value);
  form.append('file', new Blob([body], { type: 'image/jpeg' }), 'flood.jpg');
  expect((await fetch(url, { method: 'POST', body: form })).status).toBeLessThan(300);
  return media.id;
}

const photosOf = async (closureId: string, auth: Auth) => gql<{ closurePhotos: any[] }>(PHOTOS, { c: closureId }, auth);
const bytesAt = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

beforeAll(async () => {
  process.env.S3_ENDPOINT = `http://127.0.0.1:${inject('stack').ports.s3}`;
  process.env.MEDIA_BUCKET = BUCKETS.media;
  c = await commsCallers();
  fixture = await exifPhoto();
  closure = await forbesClosure(c.staff);
  mediaId = await uploadFor(closure.id, fixture, c.staff);
  await until(
    () => photosOf(closure.id, c.staff),
    (res) => res.data?.closurePhotos?.[0]?.media.resized === true,
    20_000,
  );
}, 120_000);

describe('original photos', { timeout: 60_000 }, () => {
  it('the public copy has no EXIF; the original keeps it, and its time and GPS are shown to the council’s staff', async () => {
    const res = await photosOf(closure.id, c.staff);
    expect(res.errors).toBeUndefined();
    const [photo] = res.data!.closurePhotos;
    // 09:15 on 27/11/2026 in Forbes (Sydney, daylight saving: UTC+11) is 22:15 UTC the day before.
    expect(photo).toMatchObject({
      mediaId,
      capturedLocal: FIXTURE_EXIF.capturedLocal,
      capturedAt: Date.parse('2026-11-26T22:15:00Z') / 1000,
      uploader: 'staff@forbes.example',
      originalKept: true,
      stage: null,
    });
    expect(photo.latitude).toBeCloseTo(FIXTURE_EXIF.latitude, 6);
    expect(photo.longitude).toBeCloseTo(FIXTURE_EXIF.longitude, 6);

    const served = await bytesAt(photo.media.url);
    expect((await sharp(served).metadata()).exif).toBeUndefined();
    expect(await exifr.gps(served).catch(() => undefined)).toBeUndefined();

    const original = await bytesAt(photo.originalUrl);
    expect(original.equals(fixture)).toBe(true);
    const read = await exifr.parse(original, { gps: true, reviveValues: false });
    expect(read.DateTimeOriginal).toBe('2026:11:27 09:15:00');
    expect(read.latitude).toBeCloseTo(FIXTURE_EXIF.latitude, 6);
    expect(read.longitude).toBeCloseTo(FIXTURE_EXIF.longitude, 6);
  });

  it.each([
    ['a resident', 'resident', 'Forbidden'],
    ['another council’s staff', 'otherLgaStaff', 'Forbidden'],
    ['an anonymous caller', 'anonymous', 'Unauthorized'],
  ] as const)('%s gets no original, no capture and no stage change', async (_who, role, errorType) => {
    const read = await photosOf(closure.id, c[role]);
    expect(read.errors?.[0]?.errorType).toBe(errorType);
    expect(read.data?.closurePhotos ?? null).toBeNull();
    const staged = await gql(STAGE, { c: closure.id, m: mediaId, s: 'completed' }, c[role]);
    expect(staged.errors?.[0]?.errorType).toBe(errorType);
    const zip = await gql(ARCHIVE, { l: FORBES, fd: '2026-11-01', td: '2026-11-30' }, c[role]);
    expect(zip.errors?.[0]?.errorType).toBe(errorType);
  });
});

describe('a resident’s report photo', { timeout: 90_000 }, () => {
  it('keeps its original when the report becomes a closure, shown to staff as the resident’s', async () => {
    const resident = await newResident();
    const id = await uploadFor(null, fixture, resident.auth);
    await until(
      () => gql<{ media: any }>(`query($id: ID!) { media(id: $id) { resized } }`, { id }, resident.auth),
      (res) => res.data?.media?.resized === true,
      20_000,
    );
    // A spot of its own inside Forbes, so the report starts its own cluster.
    const position = { lat: -33.27 - Math.random() * 0.28, lng: 147.56 + Math.random() * 0.38 };
    const report = await submit(resident.auth, { position, description: 'Water over the causeway', mediaIds: [id] });
    const approved = await gql<{ approveReport: any }>(APPROVE_REPORT, { id: report.id, regions: placedAt(position) }, c.staff);
    expect(approved.errors).toBeUndefined();
    const closureId = approved.data!.approveReport.closureId;
    expect(closureId).toBeTruthy();

    const photos = (await photosOf(closureId, c.staff)).data!.closurePhotos;
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatchObject({ mediaId: id, originalKept: true, uploader: 'Resident (report)', capturedLocal: FIXTURE_EXIF.capturedLocal });
    expect((await bytesAt(photos[0].originalUrl)).equals(fixture)).toBe(true);
    // The resident who took it does not get the original back through the staff path.
    expect((await photosOf(closureId, resident.auth)).errors?.[0]?.errorType).toBe('Forbidden');
  });
});

describe('photo stages', { timeout: 60_000 }, () => {
  it('a bad stage is refused with the stages named and changes nothing', async () => {
    const res = await gql(STAGE, { c: closure.id, m: mediaId, s: 'flooded' }, c.staff);
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: PHOTO_STAGE_MESSAGE });
    expect((await photosOf(closure.id, c.staff)).data!.closurePhotos[0].stage).toBeNull();
  });

  it('a photo of another closure is not staged through this one', async () => {
    const other = await forbesClosure(c.staff);
    const res = await gql(STAGE, { c: other.id, m: mediaId, s: 'damage' }, c.staff);
    expect(res.errors?.[0]?.errorType).toBe('NotFound');
  });

  it('staff set the stage; two changes at once leave one of them', async () => {
    const both = await Promise.all(['works_in_progress', 'completed'].map((s) => gql<{ setPhotoStage: any }>(STAGE, { c: closure.id, m: mediaId, s }, c.staff)));
    for (const r of both) expect(r.errors).toBeUndefined();
    const stage = (await photosOf(closure.id, c.staff)).data!.closurePhotos[0].stage;
    expect(['works_in_progress', 'completed']).toContain(stage);
    const set = await gql<{ setPhotoStage: any }>(STAGE, { c: closure.id, m: mediaId, s: 'damage' }, c.staff);
    expect(set.data!.setPhotoStage).toMatchObject({ stage: 'damage', stageLabel: 'Damage' });
  });
});

describe('photos zip', { timeout: 60_000 }, () => {
  it('holds the originals and photos.csv, the register, for the range chosen', async () => {
    await gql(STAGE, { c: closure.id, m: mediaId, s: 'damage' }, c.staff);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' });
    const res = await gql<{ drfaPhotoArchive: any }>(ARCHIVE, { l: FORBES, fd: today, td: today }, c.staff);
    expect(res.errors).toBeUndefined();
    const { url, photoCount, registerRows } = res.data!.drfaPhotoArchive;
    expect(photoCount).toBeGreaterThanOrEqual(1);
    expect(registerRows).toBeGreaterThanOrEqual(1);
    const file = join(mkdtempSync(join(tmpdir(), 'photos-zip-')), 'photos.zip');
    writeFileSync(file, await bytesAt(url));
    const name = `${closure.id}/${mediaId}.jpg`;
    expect(execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n')).toEqual(expect.arrayContaining(['photos.csv', name]));
    expect(execFileSync('unzip', ['-p', file, name]).equals(fixture)).toBe(true);
    const csv = execFileSync('unzip', ['-p', file, 'photos.csv'], { encoding: 'utf8' }).split('\r\n');
    expect(csv[0]).toBe('File name,Stage,Capture time,Latitude,Longitude,Uploader,Closure,Road');
    const row = csv.find((line) => line.startsWith(name))!;
    expect(row).toBeDefined();
    expect(row.split(',').slice(0, 7)).toEqual([name, 'Damage', '2026-11-27 09:15:00', '-33.3014', '148.075', 'staff@forbes.example', closure.id]);
  });
});

describe('the claim pack', { timeout: 90_000 }, () => {
  it('carries the event closures’ originals under photos/ and the photo register as CSV and a workbook sheet', async () => {
    const { unzip, csvRecords, readXlsx } = await import('./pack-reader');
    await gql(STAGE, { c: closure.id, m: mediaId, s: 'works_in_progress' }, c.staff);
    const saved = await gql<{ saveDisasterEvent: { id: string } }>(
      `mutation($i: DisasterEventInput!) { saveDisasterEvent(input: $i) { id } }`,
      { i: { lgaCode: FORBES, name: `Photo pack flood ${Date.now()}`, startDay: '2026-11-20', measures: ['emergency_works'] } },
      c.staff,
    );
    expect(saved.errors).toBeUndefined();
    const eventId = saved.data!.saveDisasterEvent.id;
    const tagged = await gql(`mutation($i: EventTagInput!) { tagEventClosures(input: $i) { id } }`, { i: { eventId, closureIds: [closure.id] } }, c.staff);
    expect(tagged.errors).toBeUndefined();
    const pack = await gql<{ claimPack: { url: string; files: string[] } }>(`query($e: ID!) { claimPack(eventId: $e) { url files } }`, { e: eventId }, c.staff);
    expect(pack.errors).toBeUndefined();
    const name = `photos/${closure.id}/${mediaId}.jpg`;
    expect(pack.data!.claimPack.files).toEqual(expect.arrayContaining([name, 'registers/photos.csv']));

    const files = unzip(new Uint8Array(await bytesAt(pack.data!.claimPack.url)));
    expect(Buffer.from(files[name]).equals(fixture)).toBe(true);
    const row = csvRecords(files, 'registers/photos.csv').find((r) => r['File name'] === name);
    expect(row).toMatchObject({ Stage: 'Works in progress', 'Capture time': '2026-11-27 09:15:00', Latitude: '-33.3014', Longitude: '148.075', Uploader: 'staff@forbes.example', Closure: closure.id });
    const workbook = Object.entries(files).find(([path]) => path.endsWith('.xlsx'))!;
    const sheet = readXlsx(workbook[1]).Photos;
    expect(sheet?.some((cells) => cells[0] === name && cells[1] === 'Works in progress')).toBe(true);
  });
});
