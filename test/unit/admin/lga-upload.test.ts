// An administrator's LGA boundaries upload inflates only up to the 50 MB limit: a gzip bomb (a
// small .gz that expands to a gigabyte) is refused without ever being inflated whole.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_LGA_UPLOAD_BYTES } from '../../../lambdas/core/admin/lga-bundle';
import { inflateUpload } from '../../../lambdas/core/admin/lga-upload';

const MB = 1024 * 1024;

/** A gigabyte of zeros in about a megabyte: 64 gzip members of 16 MB each (gunzip reads them all). */
function gzipBomb(): Buffer {
  const member = gzipSync(Buffer.alloc(16 * MB));
  return Buffer.concat(Array.from({ length: 64 }, () => member));
}

describe('inflateUpload', () => {
  it('refuses a gzip bomb as too large, stopping at the limit', () => {
    const bomb = gzipBomb();
    expect(bomb.length).toBeLessThan(2 * MB);
    expect(inflateUpload(bomb, MAX_LGA_UPLOAD_BYTES)).toEqual({ ok: false, reason: 'too-large' });
    // One byte over the limit is enough to stop.
    expect(inflateUpload(gzipSync(Buffer.alloc(MB + 1)), MB)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('inflates a .gz within the limit and passes a plain file through', () => {
    const json = Buffer.from(JSON.stringify({ type: 'FeatureCollection', features: [] }));
    expect(inflateUpload(gzipSync(json), MAX_LGA_UPLOAD_BYTES)).toEqual({ ok: true, bytes: json });
    expect(inflateUpload(gzipSync(Buffer.alloc(MB)), MB)).toMatchObject({ ok: true });
    expect(inflateUpload(json, MAX_LGA_UPLOAD_BYTES)).toEqual({ ok: true, bytes: json });
    expect(inflateUpload(Buffer.alloc(MB + 1, 0x20), MB)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('calls a damaged .gz damaged', () => {
    const damaged = gzipSync(Buffer.from('{"type":"FeatureCollection"}')).subarray(0, 12);
    expect(inflateUpload(damaged, MAX_LGA_UPLOAD_BYTES)).toEqual({ ok: false, reason: 'not-gzip' });
  });
});
