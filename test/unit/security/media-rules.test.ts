// Media rules an attacker probes: content types that are object properties, and whose upload a
// closure administrator may attach.
import { describe, expect, it } from 'vitest';
import { extensionOf, isExpiredMedia, mayAttachMedia, MediaUploadInput } from '../../../lambdas/core/closures/media';
import { parseMaxspeed } from '../../../lambdas/core/roads/classes';

const OBJECT_PROPERTY_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];

describe('own-property lookups', () => {
  it.each(OBJECT_PROPERTY_NAMES)('%s is no content type', (name) => {
    expect(extensionOf(name)).toBeUndefined();
    const parsed = MediaUploadInput.safeParse({ contentType: name, size: 10 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe('Only JPEG, PNG, WebP or GIF images can be uploaded');
  });
  it('real types still map to their extension', () => {
    expect(extensionOf('image/png')).toBe('png');
    expect(MediaUploadInput.parse({ contentType: ' IMAGE/JPEG ', size: 10 }).contentType).toBe('image/jpeg');
  });
  it.each(OBJECT_PROPERTY_NAMES)('%s is no named speed limit', (name) => {
    expect(parseMaxspeed(name)).toBeNull();
  });
});

describe('attaching media', () => {
  it("the caller's own upload, or one published in the same LGA", () => {
    expect(mayAttachMedia('staff', { uid: 'staff' }, '12900', [])).toBe(true);
    expect(mayAttachMedia('staff', { uid: 'resident' }, '12900', [])).toBe(false);
    expect(mayAttachMedia('staff', { uid: 'resident' }, '12900', ['16200', undefined])).toBe(false);
    expect(mayAttachMedia('staff', { uid: 'resident' }, '12900', ['16200', '12900'])).toBe(true);
  });
  it('an upload past its TTL is gone', () => {
    expect(isExpiredMedia({ expiresAt: 100 }, 100)).toBe(true);
    expect(isExpiredMedia({ expiresAt: 101 }, 100)).toBe(false);
    expect(isExpiredMedia({}, 100)).toBe(false);
  });
});
