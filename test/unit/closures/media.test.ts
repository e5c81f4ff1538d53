import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../../lambdas/core/validation';
import { MediaUploadInput, originalKey, thumbnailKey, uploadKey, uploadOfKey } from '../../../lambdas/core/closures/media';
import { makeThumbnail } from '../../../lambdas/media/thumbnail';

const ID = '0b5f8c3e-6a1d-4f7e-9c2b-1d2e3f4a5b6c';

describe('media rules', () => {
  it('accepts images up to 10 MB and names the extension by type', () => {
    expect(parseArgs(MediaUploadInput, { contentType: 'IMAGE/JPEG', size: 10 * 1024 * 1024 })).toMatchObject({ contentType: 'image/jpeg' });
    expect(() => parseArgs(MediaUploadInput, { contentType: 'image/svg+xml', size: 10 })).toThrow('Only JPEG, PNG, WebP or GIF images can be uploaded');
    expect(() => parseArgs(MediaUploadInput, { contentType: 'image/png', size: 0 })).toThrow('Images must be 10 MB or smaller');
  });

  it('recognises uploads only, so the processed original and thumbnail never trigger another run', () => {
    expect(uploadOfKey(uploadKey(ID, 'png'))).toEqual({ id: ID, extension: 'png' });
    expect(uploadOfKey(originalKey(ID, 'png'))).toBeUndefined();
    expect(uploadOfKey(thumbnailKey(ID))).toBeUndefined();
    expect(uploadOfKey('feeds/lga-data/1.geojson')).toBeUndefined();
  });

  it('makes a WebP thumbnail at most 400 px on its longest side, never enlarging', async () => {
    const wide = await sharp({ create: { width: 1200, height: 300, channels: 3, background: '#08f' } }).jpeg().toBuffer();
    const meta = await sharp(await makeThumbnail(wide)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 100 });
    const small = await sharp({ create: { width: 120, height: 80, channels: 4, background: '#f80' } }).png().toBuffer();
    expect(await sharp(await makeThumbnail(small)).metadata()).toMatchObject({ width: 120, height: 80 });
  });
});
