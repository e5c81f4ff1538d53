import { VarintWriter } from '../varint';
/**
 * The hierarchy's upward heads, compact. A node's heads (ranks, ascending) come in runs of
 * consecutive ranks: the chordal fill makes each separator a clique of consecutive ranks, so on
 * the synthetic 1M network a node's 7.3 heads are 3.2 runs, two thirds of them of one head. Rank
 * r's runs are the bytes headBytes[headStart[r]..headStart[r+1]-1], each a varint of its gap
 * times four plus its length less one (3 for a length of 4 or more, then a varint of the length
 * less four). The gap counts from the lowest rank the run may start at: r + 1 for the first run,
 * the previous run's last head + 2 for the others (runs are maximal). A uint32 head an arc took
 * 29 bytes a node at 1M; these bytes take 5.1 and their start 4 (docs/road-engine.md, "The graph
 * file").
 *
 * Arc ids (what the weights are indexed by) stay upStart[r] + the head's index in r's list. What
 * reads a node's arcs in order decodes them (decodeHeads, into a scratch array of maxDegree);
 * what looks one up walks the node's runs, which skip a whole clique at once (arcBetween).
 */
export interface UpwardHeads {
  upStart: Uint32Array;
  headStart: Uint32Array;
  headBytes: Uint8Array;
}

/** Where the varint reads below are, and the length of the run read last: module state, so a read returns its value alone. */
let cursor = 0;
let runLength = 0;

function varint(bytes: Uint8Array): number {
  let byte = bytes[cursor++];
  if (byte < 0x80) return byte;
  let value = byte & 0x7f;
  let shift = 7;
  do {
    byte = bytes[cursor++];
    value |= (byte & 0x7f) << shift;
    shift += 7;
  } while (byte >= 0x80);
  return value >>> 0;
}

/** Reads a run at the cursor: returns its gap and sets runLength. */
function readRun(bytes: Uint8Array): number {
  const word = varint(bytes);
  const tag = word & 3;
  runLength = tag < 3 ? tag + 1 : varint(bytes) + 4;
  return word >>> 2;
}

/** Encodes every rank's heads (upHead, ascending per rank, all above the rank) as runs. */
export function encodeHeads(upStart: Uint32Array, upHead: Uint32Array): UpwardHeads {
  const n = upStart.length - 1;
  const out = new VarintWriter();
  const headStart = new Uint32Array(n + 1);
  for (let r = 0; r < n; r++) {
    headStart[r] = out.length;
    let next = r + 1;
    const end = upStart[r + 1];
    for (let k = upStart[r]; k < end; ) {
      const start = upHead[k];
      if (start < next) throw new Error(`contraction hierarchy heads of rank ${r} are not ascending above it`);
      let length = 1;
      while (k + length < end && upHead[k + length] === start + length) length++;
      out.unsigned((start - next) * 4 + Math.min(length - 1, 3));
      if (length >= 4) out.unsigned(length - 4);
      k += length;
      next = start + length + 1;
    }
  }
  headStart[n] = out.length;
  return { upStart, headStart, headBytes: out.bytes() };
}

/**
 * Every rank's first arc id (upStart), counted off its runs: the file does not store it (4 bytes
 * a node), as the load reads every run once anyway to check them. Null when the runs are not
 * well formed: a rank's runs must end exactly where the next rank's start, and every head lie
 * above its rank and below n (a wrong head would route wrongly, not fail).
 */
export function arcStartsOf(headStart: Uint32Array, headBytes: Uint8Array): Uint32Array | null {
  const n = headStart.length - 1;
  if (n < 0 || headStart[0] !== 0 || headStart[n] !== headBytes.length) return null;
  const upStart = new Uint32Array(n + 1);
  let arcs = 0;
  for (let r = 0; r < n; r++) {
    upStart[r] = arcs;
    const stop = headStart[r + 1];
    if (stop < headStart[r]) return null;
    cursor = headStart[r];
    let next = r + 1;
    while (cursor < stop) {
      next += readRun(headBytes) + runLength + 1;
      arcs += runLength;
      if (!(next - 1 <= n)) return null;
    }
    if (cursor !== stop) return null;
  }
  upStart[n] = arcs;
  return upStart;
}

/** Whether the runs are well formed (arcStartsOf) and give these arc starts. */
export function headsAreWellFormed(h: UpwardHeads): boolean {
  const derived = arcStartsOf(h.headStart, h.headBytes);
  return derived !== null && derived.length === h.upStart.length && derived.every((start, r) => start === h.upStart[r]);
}

/** The most heads any rank has: the size of a scratch array decodeHeads can fill. */
export function maxDegree(upStart: Uint32Array): number {
  let most = 0;
  for (let r = 0; r + 1 < upStart.length; r++) most = Math.max(most, upStart[r + 1] - upStart[r]);
  return most;
}

/**
 * Writes rank r's heads, ascending, into out from index 0; returns how many (upStart[r+1] -
 * upStart[r]). The query's relax loops call it for every rank they scan, so the common case, a
 * varint of one byte, is read on locals (the module cursor only for longer ones).
 */
export function decodeHeads(h: UpwardHeads, r: number, out: Uint32Array): number {
  const { upStart, headBytes } = h;
  const count = upStart[r + 1] - upStart[r];
  let at = h.headStart[r];
  let head = r + 1;
  for (let i = 0; i < count; ) {
    let word = headBytes[at++];
    if (word >= 0x80) {
      cursor = at - 1;
      word = varint(headBytes);
      at = cursor;
    }
    head += word >>> 2;
    let stop = i + (word & 3) + 1;
    if ((word & 3) === 3) {
      let more = headBytes[at++];
      if (more >= 0x80) {
        cursor = at - 1;
        more = varint(headBytes);
        at = cursor;
      }
      stop += more;
    }
    while (i < stop) out[i++] = head++;
    head++;
  }
  return count;
}

/** Rank r's lowest head, its parent in the elimination tree (r has at least one arc). */
export function firstHead(h: UpwardHeads, r: number): number {
  cursor = h.headStart[r];
  return r + 1 + (varint(h.headBytes) >>> 2);
}

/** The arc from rank `low` up to rank `high`, or -1: walks low's runs. */
export function arcBetween(h: UpwardHeads, low: number, high: number): number {
  const { upStart, headBytes } = h;
  const first = upStart[low];
  const count = upStart[low + 1] - first;
  cursor = h.headStart[low];
  let next = low + 1;
  for (let i = 0; i < count; ) {
    const start = next + readRun(headBytes);
    if (high < start) return -1;
    if (high < start + runLength) return first + i + high - start;
    i += runLength;
    next = start + runLength + 1;
  }
  return -1;
}

/** The arc from rank z up to `low` that arcsBetween found with the one up to `high`. */
export let lowArc = -1;

/**
 * The arc from rank z up to `high`, or -1, and the one up to `low` (below high) in lowArc: one walk
 * of z's runs, which passes low on its way to high.
 */
export function arcsBetween(h: UpwardHeads, z: number, low: number, high: number): number {
  const { upStart, headBytes } = h;
  const first = upStart[z];
  const count = upStart[z + 1] - first;
  cursor = h.headStart[z];
  lowArc = -1;
  let next = z + 1;
  for (let i = 0; i < count; ) {
    const start = next + readRun(headBytes);
    if (high < start) return -1;
    if (low >= start && low < start + runLength) lowArc = first + i + low - start;
    if (high < start + runLength) return first + i + high - start;
    i += runLength;
    next = start + runLength + 1;
  }
  return -1;
}

/** The head of arc k, one of rank `tail`'s. */
export function headOf(h: UpwardHeads, tail: number, k: number): number {
  const { upStart, headBytes } = h;
  const index = k - upStart[tail];
  cursor = h.headStart[tail];
  let next = tail + 1;
  for (let i = 0; ; ) {
    const start = next + readRun(headBytes);
    if (index < i + runLength) return start + index - i;
    i += runLength;
    next = start + runLength + 1;
  }
}

/** Every arc's head, a uint32 each: the plain form the build customizes on. */
export function expandHeads(h: UpwardHeads): Uint32Array {
  const n = h.upStart.length - 1;
  const upHead = new Uint32Array(h.upStart[n]);
  for (let r = 0; r < n; r++) decodeHeads(h, r, upHead.subarray(h.upStart[r]));
  return upHead;
}
