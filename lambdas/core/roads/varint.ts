/**
 * A growing byte buffer of LEB128 varints (7 bits a byte, low first, the high bit set on all but
 * the last), as the graph file's compact sections store them: the geometry's deltas (format.ts),
 * the segment grid's gaps (cells.ts), the hierarchy's head runs (cch/heads.ts) and the front-coded
 * names (strings.ts). Each reader decodes inline, in its own loop, for speed.
 */
export class VarintWriter {
  private buffer = new Uint8Array(1 << 12);
  length = 0;

  private room(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    const next = new Uint8Array(Math.max(this.buffer.length * 2, this.length + n));
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
  }

  /** A whole number below 2^32: 5 bytes at most. */
  unsigned(value: number): void {
    this.room(5);
    while (value >= 0x80) {
      this.buffer[this.length++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    this.buffer[this.length++] = value;
  }

  /** Zigzag: 0, -1, 1, -2… as 0, 1, 2, 3…; for values within ±2^30. */
  signed(value: number): void {
    this.unsigned(((value << 1) ^ (value >> 31)) >>> 0);
  }

  /** One byte as it is (a string's UTF-8 between its varints). */
  byte(value: number): void {
    this.room(1);
    this.buffer[this.length++] = value;
  }

  /** The bytes written, in a buffer of their own. */
  bytes(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}
