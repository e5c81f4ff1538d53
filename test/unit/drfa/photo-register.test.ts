// The photo register and what is kept of a photo's EXIF (lambdas/core/drfa): capture read from
// exifr's raw values, the instant read on the council's clock unless the camera recorded its
// offset, register rows in closure order with the stage's words and the uploader, photos.csv safe
// to open in a spreadsheet, and a zip any unzip reads back byte for byte.
import { describe, expect, it } from 'vitest';
import { capturedAtOf, captureOf, PHOTO_STAGE_MESSAGE, SetPhotoStageArgs } from '../../../lambdas/core/drfa/photos';
import { photoRegisterCsv, photoRegisterRows } from '../../../lambdas/core/drfa/photo-register';
import { readCapture } from '../../../lambdas/adapters/media/exif';
import { exifPhoto, FIXTURE_EXIF } from '../../fixtures/photos/exif-photo';

const SYDNEY = 'Australia/Sydney';

describe('capture', () => {
  it('reads the fixture photo’s time and position with exifr', async () => {
    const capture = await readCapture(await exifPhoto());
    expect(capture).toEqual({ capturedLocal: FIXTURE_EXIF.capturedLocal, latitude: FIXTURE_EXIF.latitude, longitude: FIXTURE_EXIF.longitude });
  });

  it('reads nothing from a photo without EXIF or from bytes that are no photo', async () => {
    expect(await readCapture(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toEqual({});
    expect(await readCapture(new TextEncoder().encode('<svg/>'))).toEqual({});
  });

  it('drops an impossible date and a position off the globe or at 0,0', () => {
    expect(captureOf({ DateTimeOriginal: '2026:02:30 10:00:00', latitude: 0, longitude: 0 })).toEqual({});
    expect(captureOf({ DateTimeOriginal: '0000:00:00 00:00:00', latitude: 95, longitude: 10 })).toEqual({});
    expect(captureOf({ DateTimeOriginal: '2026:11:27 09:15:00', OffsetTimeOriginal: '+10:00' })).toEqual({ capturedLocal: '2026-11-27T09:15:00', capturedOffset: '+10:00' });
  });

  it('reads the camera clock on the council’s clock, or with the offset the camera recorded', () => {
    // Sydney in November is UTC+11.
    expect(capturedAtOf({ capturedLocal: '2026-11-27T09:15:00' }, SYDNEY)).toBe(Date.parse('2026-11-26T22:15:00Z') / 1000);
    // Brisbane has no daylight saving: UTC+10.
    expect(capturedAtOf({ capturedLocal: '2026-11-27T09:15:00' }, 'Australia/Brisbane')).toBe(Date.parse('2026-11-26T23:15:00Z') / 1000);
    expect(capturedAtOf({ capturedLocal: '2026-11-27T09:15:00', capturedOffset: '+10:00' }, SYDNEY)).toBe(Date.parse('2026-11-26T23:15:00Z') / 1000);
    expect(capturedAtOf({}, SYDNEY)).toBeNull();
  });
});

describe('stage', () => {
  it('takes the four stages and refuses anything else with them named', () => {
    const ids = { closureId: 'c-1', mediaId: '0b7d6c1e-8a6b-4c8e-9f55-1f2a3b4c5d6e' };
    expect(SetPhotoStageArgs.parse({ ...ids, stage: 'works_in_progress' }).stage).toBe('works_in_progress');
    const bad = SetPhotoStageArgs.safeParse({ ...ids, stage: 'flooded' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0].message).toBe(PHOTO_STAGE_MESSAGE);
  });
});

describe('photo register', () => {
  const media = [
    { id: 'm1', uid: 'u-staff', extension: 'jpg', stage: 'damage', createdAt: 1, capturedLocal: '2026-11-27T09:15:00', latitude: -33.3014, longitude: 148.075 },
    { id: 'm2', uid: 'u-resident', extension: 'png', createdAt: 2 },
  ];
  const uploaders = new Map([['u-staff', 'staff@forbes.example'], ['u-resident', 'Resident (report)']]);

  it('lists each closure’s photos in its order with stage, capture, position, uploader and road', () => {
    const rows = photoRegisterRows(
      [
        { id: 'c2', road: 'Bogan Gate Road', locality: 'Forbes', media: ['m2', 'gone'] },
        { id: 'c1', road: null, locality: 'Jemalong', media: ['m1'] },
      ],
      media,
      uploaders,
      SYDNEY,
    );
    expect(rows).toEqual([
      { fileName: 'c2/m2.png', stage: '', capturedAt: '', latitude: null, longitude: null, uploader: 'Resident (report)', closureId: 'c2', road: 'Bogan Gate Road, Forbes', mediaId: 'm2' },
      { fileName: 'c1/m1.jpg', stage: 'Damage', capturedAt: '2026-11-27 09:15:00', latitude: -33.3014, longitude: 148.075, uploader: 'staff@forbes.example', closureId: 'c1', road: 'Jemalong', mediaId: 'm1' },
    ]);
  });

  it('writes photos.csv with a header, quoting, and no cell a spreadsheet would run as a formula', () => {
    const [row] = photoRegisterRows([{ id: 'c1', road: '=HYPERLINK("x")', locality: 'A, B', media: ['m1'] }], media, uploaders, SYDNEY);
    const csv = photoRegisterCsv([row]).split('\r\n');
    expect(csv[0]).toBe('File name,Stage,Capture time,Latitude,Longitude,Uploader,Closure,Road');
    expect(csv[1]).toBe(`c1/m1.jpg,Damage,2026-11-27 09:15:00,-33.3014,148.075,staff@forbes.example,c1,"'=HYPERLINK(""x""), A, B"`);
  });
});
