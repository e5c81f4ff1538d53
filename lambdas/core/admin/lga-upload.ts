// The bytes of an administrator's LGA boundaries upload, gunzipped when it is a .gz. The size
// limit holds for what the file inflates to: a small gzip can expand to gigabytes, so inflation
// stops at the limit instead of being measured afterwards.
import { gunzipSync } from 'node:zlib';

export type UploadBytes = { ok: true; bytes: Buffer } | { ok: false; reason: 'too-large' | 'not-gzip' };

const isGzip = (body: Buffer) => body[0] === 0x1f && body[1] === 0x8b;

export function inflateUpload(body: Buffer, maxBytes: number): UploadBytes {
  if (!isGzip(body)) return body.length > maxBytes ? { ok: false, reason: 'too-large' } : { ok: true, bytes: body };
  try {
    // maxOutputLength makes zlib stop (and throw) as soon as the output would pass the limit.
    return { ok: true, bytes: gunzipSync(body, { maxOutputLength: maxBytes }) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return { ok: false, reason: 'too-large' };
    return { ok: false, reason: 'not-gzip' };
  }
}
