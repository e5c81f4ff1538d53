// Compressed responses from the local web server, as CloudFront sends them in AWS (every
// behaviour has `compress: true`): brotli or gzip by the browser's Accept-Encoding, for text
// types between 1 kB and 10 MB. Each file's compressed bytes are kept in memory by path and
// modification time, so a file is compressed once, not on every request.
import { readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const MIN_BYTES = 1000;
const MAX_BYTES = 10 * 1024 * 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|geo\+json|manifest\+json|x-protobuf)|image\/svg\+xml)/;

/** The encoding to answer with: brotli when the browser takes it, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined, contentType: string, size: number): Encoding | null {
  if (size < MIN_BYTES || size > MAX_BYTES || !COMPRESSIBLE.test(contentType)) return null;
  const accepted = (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? ''))
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name!.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

export function compress(body: Buffer, encoding: Encoding): Buffer {
  // Brotli at a middle quality: close to the best size for a fraction of the time.
  return encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body, { level: 6 });
}

const files = new Map<string, Buffer>();
const MAX_FILES = 2000;

/** A static file's bytes in `encoding`, compressed on first use. */
export function compressedFile(file: string, encoding: Encoding): Buffer {
  const key = `${file}\0${statSync(file).mtimeMs}\0${encoding}`;
  let body = files.get(key);
  if (!body) {
    body = compress(readFileSync(file), encoding);
    if (files.size >= MAX_FILES) files.delete(files.keys().next().value!);
    files.set(key, body);
  }
  return body;
}
