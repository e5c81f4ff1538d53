// Which string names each road and which is its route number, without a uint32 of each a road
// (8 bytes a road, 3.2 a node at 1M). The builder orders the strings names first (sorted), then
// the refs that are no road's name (sorted), and the roads by name, the unnamed last; so the named
// roads' names run 0, 0, 1, 2, 2, 3… and a bit a road marking where a new name starts gives a
// road's name as the count of starts up to it, less one. Few roads have a route number: a bit a
// road says which, and their refs are listed in road order.
import { bitCount } from './graph';

/** A bitmap with the count of set bits before each 32, so counting the bits before any is constant time. */
export class RankedBits {
  /** before[w]: set bits in words 0..w-1 (one more entry than words, so rank(bits.length * 32) works). */
  readonly before: Uint32Array;

  constructor(readonly bits: Uint32Array) {
    this.before = new Uint32Array(bits.length + 1);
    for (let w = 0; w < bits.length; w++) this.before[w + 1] = this.before[w] + bitCount(bits[w]);
  }

  static of(count: number, isSet: (i: number) => boolean): RankedBits {
    const bits = new Uint32Array((count + 31) >>> 5);
    for (let i = 0; i < count; i++) if (isSet(i)) bits[i >>> 5] |= 1 << (i & 31);
    return new RankedBits(bits);
  }

  has(i: number): boolean {
    return (this.bits[i >>> 5] & (1 << (i & 31))) !== 0;
  }

  /** Set bits before bit i. */
  rank(i: number): number {
    const w = i >>> 5;
    return this.before[w] + (i & 31 ? bitCount(this.bits[w] & ((1 << (i & 31)) - 1)) : 0);
  }
}

export class RoadNames {
  constructor(
    /** A bit a road: set where the road's name is not the road before's. */
    readonly nameStarts: RankedBits,
    /** Roads 0..namedRoads-1 have a name; the rest none. */
    readonly namedRoads: number,
    /** A bit a road: set when it has a route number. */
    readonly hasRef: RankedBits,
    /** The route numbers of the roads that have one, in road order. */
    readonly refs: Uint32Array,
  ) {
    if (hasRef.before[hasRef.bits.length] !== refs.length) throw new Error('road route numbers do not match their bitmap');
  }

  /**
   * From each road's name and ref (string indices, -1 for none), the roads ordered as the class
   * needs: names ascending and every index below the number of names, the unnamed last.
   */
  static of(name: Int32Array, ref: Int32Array): RoadNames {
    const count = name.length;
    let namedRoads = 0;
    while (namedRoads < count && name[namedRoads] >= 0) namedRoads++;
    for (let r = 0; r < count; r++) {
      const expected = r >= namedRoads ? -1 : r === 0 ? 0 : name[r - 1] + (name[r] === name[r - 1] ? 0 : 1);
      if (name[r] !== expected) throw new Error(`road ${r} is named ${name[r]}, expected ${expected}: roads must be ordered by name`);
    }
    const nameStarts = RankedBits.of(count, (r) => r < namedRoads && (r === 0 || name[r] !== name[r - 1]));
    const hasRef = RankedBits.of(count, (r) => ref[r] >= 0);
    return new RoadNames(nameStarts, namedRoads, hasRef, Uint32Array.from(ref.filter((value) => value >= 0)));
  }

  /** The index of road r's name among the strings, or -1. */
  name(r: number): number {
    return r < this.namedRoads ? this.nameStarts.rank(r + 1) - 1 : -1;
  }

  /** The index of road r's route number among the strings, or -1. */
  ref(r: number): number {
    return this.hasRef.has(r) ? this.refs[this.hasRef.rank(r)] : -1;
  }
}
