// The road names and route numbers of a graph, each once, front coded: strings are kept in
// buckets of BUCKET, the first of a bucket whole (a varint byte length, then its UTF-8), each
// other one as the number of leading bytes it shares with the string before it and the rest (a
// varint each, then the bytes). The builder sorts them (names, then refs: ./road-names.ts), so
// neighbours share most of their bytes ("Forbes Street", "Forbes Street East"; on the synthetic
// networks "Town 12 Street 3-45", "Town 12 Street 3-46"), and where each bucket starts is 4 bytes
// per BUCKET strings, where plain UTF-8 took a uint32 end a string. A graph loaded from its file views both on the file's
// bytes and decodes a name only when one is asked for, rebuilding at most BUCKET - 1 strings
// before it (parsed from JSON the names took about 16 bytes a node of heap; see
// docs/road-engine.md for the sizes).

import { VarintWriter } from './varint';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Strings a bucket holds: the most a name's decoding rebuilds before it, less one. */
export const BUCKET = 16;

/**
 * Strings decoded lately, kept by index modulo this (a direct-mapped cache): a route's steps ask
 * for the same few names again and again (each piece's name is compared with its step's), and
 * decoding one rebuilds up to BUCKET strings. 256 entries are a few kilobytes.
 */
const RECENT = 256;

export class StringTable {
  /** The string being rebuilt; grows to the longest string decoded. */
  private scratch = new Uint8Array(256);
  private readonly recentIndex = new Int32Array(RECENT).fill(-1);
  private readonly recent: string[] = new Array<string>(RECENT).fill('');

  constructor(
    /** The front-coded strings, bucket after bucket. */
    readonly bytes: Uint8Array,
    /** bucketStart[b] is where bucket b (strings b * BUCKET onwards) starts in bytes. */
    readonly bucketStart: Uint32Array,
    readonly size: number,
  ) {
    if (bucketStart.length !== Math.ceil(size / BUCKET)) throw new Error('string table buckets do not match its size');
  }

  /** The table of these strings in this order (sorted, neighbours share the most). */
  static of(values: readonly string[]): StringTable {
    const out = new VarintWriter();
    const bucketStart = new Uint32Array(Math.ceil(values.length / BUCKET));
    let previous = new Uint8Array(0);
    values.forEach((text, i) => {
      const value = encoder.encode(text);
      let shared = 0;
      if (i % BUCKET === 0) {
        bucketStart[i / BUCKET] = out.length;
      } else {
        const most = Math.min(previous.length, value.length);
        while (shared < most && previous[shared] === value[shared]) shared++;
        out.unsigned(shared);
      }
      out.unsigned(value.length - shared);
      for (let k = shared; k < value.length; k++) out.byte(value[k]);
      previous = value;
    });
    return new StringTable(out.bytes(), bucketStart, values.length);
  }

  at(index: number): string {
    if (!(index >= 0 && index < this.size)) throw new RangeError(`no string ${index} in a table of ${this.size}`);
    const slot = index % RECENT;
    if (this.recentIndex[slot] === index) return this.recent[slot];
    const text = this.decode(index);
    this.recentIndex[slot] = index;
    this.recent[slot] = text;
    return text;
  }

  private decode(index: number): string {
    const { bytes } = this;
    let scratch = this.scratch;
    let at = this.bucketStart[Math.floor(index / BUCKET)];
    let length = 0;
    // Varints inline: this runs for every name a route's steps or a geocode asks for.
    for (let i = index - (index % BUCKET); i <= index; i++) {
      let shared = 0;
      let byte = 0;
      if (i % BUCKET !== 0) {
        for (let shift = 0; ; shift += 7) {
          byte = bytes[at++];
          shared |= (byte & 0x7f) << shift;
          if (byte < 0x80) break;
        }
      }
      let rest = 0;
      for (let shift = 0; ; shift += 7) {
        byte = bytes[at++];
        rest |= (byte & 0x7f) << shift;
        if (byte < 0x80) break;
      }
      length = shared + rest;
      if (length > scratch.length) {
        const larger = new Uint8Array(Math.max(length, scratch.length * 2));
        larger.set(scratch.subarray(0, shared));
        scratch = this.scratch = larger;
      }
      // Byte by byte: the rests are a few bytes, and a subarray a string cost more than the copy.
      for (let k = shared; k < length; k++) scratch[k] = bytes[at++];
    }
    return decoder.decode(scratch.subarray(0, length));
  }

  toArray(): string[] {
    return Array.from({ length: this.size }, (_, i) => this.at(i));
  }
}
