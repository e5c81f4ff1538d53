// The local web server keeps the public map's files as CloudFront does: for the object's
// s-maxage, then reads the bucket again.
import { describe, expect, it } from 'vitest';
import { EdgeCache, sharedMaxAge } from '../../../local/edge-cache';

describe('local edge cache', () => {
  it("reads the shared lifetime from the object's Cache-Control", () => {
    expect(sharedMaxAge('public, max-age=0, s-maxage=10, must-revalidate')).toBe(10);
    expect(sharedMaxAge('public, max-age=60, must-revalidate')).toBe(60);
    expect(sharedMaxAge(undefined)).toBe(0);
  });

  it('serves a file until it expires, and never keeps one without a lifetime', () => {
    const cache = new EdgeCache();
    const file = { body: Buffer.from('{}'), headers: {}, etag: '"a"' };
    cache.set('feeds/12900/map.json', file, 10, 1_000);
    expect(cache.get('feeds/12900/map.json', 10_999)).toBe(file);
    expect(cache.get('feeds/12900/map.json', 11_000)).toBeUndefined();
    cache.set('feeds/10050/map.json', file, 0, 1_000);
    expect(cache.get('feeds/10050/map.json', 1_001)).toBeUndefined();
  });

  it('drops the oldest file beyond its size', () => {
    const cache = new EdgeCache(2);
    const file = { body: Buffer.from('{}'), headers: {} };
    cache.set('a', file, 10, 0);
    cache.set('b', file, 10, 0);
    cache.set('c', file, 10, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBe(file);
  });
});
