import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageTypeOf } from '../../../lambdas/core/closures/image-type';

const image = (format: 'jpeg' | 'png' | 'webp' | 'gif') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#08f' } }).toFormat(format).toBuffer();

describe('the type of an upload, from its bytes', () => {
  it('recognises the four photo formats', async () => {
    expect(imageTypeOf(await image('jpeg'))).toBe('image/jpeg');
    expect(imageTypeOf(await image('png'))).toBe('image/png');
    expect(imageTypeOf(await image('webp'))).toBe('image/webp');
    expect(imageTypeOf(await image('gif'))).toBe('image/gif');
  });

  it('refuses HTML, SVG, PDF, empty and truncated files whatever their name', () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(imageTypeOf(text('<!doctype html><script>alert(1)</script>'))).toBeUndefined();
    expect(imageTypeOf(text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).toBeUndefined();
    expect(imageTypeOf(text('%PDF-1.7'))).toBeUndefined();
    expect(imageTypeOf(new Uint8Array())).toBeUndefined();
    expect(imageTypeOf(new Uint8Array([0xff, 0xd8]))).toBeUndefined();
    expect(imageTypeOf(text('RIFF\0\0\0\0WAVE'))).toBeUndefined();
  });
});
