// The road names and route numbers of a graph, each once, as one UTF-8 block and the offset where
// each ends. A graph loaded from its file views both on the file's bytes and decodes a name only
// when one is asked for, so a state's hundreds of thousands of names cost no load time and no
// memory beyond the file (parsed from JSON they took about 16 bytes a node of heap).

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class StringTable {
  constructor(
    readonly bytes: Uint8Array,
    /** ends[i] is where string i's bytes end; string i starts where string i - 1 ends. */
    readonly ends: Uint32Array,
  ) {}

  static of(values: readonly string[]): StringTable {
    const encoded = values.map((value) => encoder.encode(value));
    const bytes = new Uint8Array(encoded.reduce((sum, b) => sum + b.length, 0));
    const ends = new Uint32Array(values.length);
    let at = 0;
    encoded.forEach((b, i) => {
      bytes.set(b, at);
      at += b.length;
      ends[i] = at;
    });
    return new StringTable(bytes, ends);
  }

  get size(): number {
    return this.ends.length;
  }

  at(index: number): string {
    return decoder.decode(this.bytes.subarray(index > 0 ? this.ends[index - 1] : 0, this.ends[index]));
  }

  toArray(): string[] {
    return Array.from({ length: this.size }, (_, i) => this.at(i));
  }
}
