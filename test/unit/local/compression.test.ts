// The local web server compresses as CloudFront does: brotli or gzip by Accept-Encoding, text types
// only, nothing under 1 kB.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compress } from '../../../local/compression';

describe('local compression', () => {
  it('prefers brotli, falls back to gzip, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', 'text/javascript; charset=utf-8', 50_000)).toBe('br');
    expect(chooseEncoding('gzip, deflate', 'application/json', 50_000)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip', 'text/css', 50_000)).toBe('gzip');
    expect(chooseEncoding(undefined, 'text/css', 50_000)).toBeNull();
  });

  it('leaves small files and binary types alone', () => {
    expect(chooseEncoding('br', 'application/json', 999)).toBeNull();
    expect(chooseEncoding('br', 'image/png', 50_000)).toBeNull();
  });

  it('round-trips the bytes', () => {
    const body = Buffer.from(JSON.stringify({ closures: Array.from({ length: 200 }, (_, i) => ({ id: `c${i}` })) }));
    expect(brotliDecompressSync(compress(body, 'br')).equals(body)).toBe(true);
    expect(gunzipSync(compress(body, 'gzip')).equals(body)).toBe(true);
    expect(compress(body, 'br').length).toBeLessThan(body.length / 4);
  });
});
