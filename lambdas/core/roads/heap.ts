// Binary min-heap over parallel typed arrays. Entries are never decreased in place: callers push
// again and skip stale entries when popped, which is faster than tracking positions for
// decrease-key on road graphs (few duplicate pushes per node).
export class MinHeap {
  private keys: Float64Array;
  private values: Uint32Array;
  size = 0;

  constructor(capacity = 1024) {
    this.keys = new Float64Array(capacity);
    this.values = new Uint32Array(capacity);
  }

  clear(): void {
    this.size = 0;
  }

  push(key: number, value: number): void {
    if (this.size === this.keys.length) this.grow();
    const keys = this.keys;
    const values = this.values;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const parentKey = keys[parent];
      if (key >= parentKey) break;
      keys[i] = parentKey;
      values[i] = values[parent];
      i = parent;
    }
    keys[i] = key;
    values[i] = value;
  }

  peekKey(): number {
    return this.size > 0 ? this.keys[0] : Infinity;
  }

  /** Removes the smallest entry and returns its value; read its key with peekKey() first. */
  pop(): number {
    const keys = this.keys;
    const values = this.values;
    const top = values[0];
    const last = --this.size;
    if (last > 0) {
      const key = keys[last];
      const value = values[last];
      let i = 0;
      const half = last >> 1;
      while (i < half) {
        let child = 2 * i + 1;
        const right = child + 1;
        if (right < last && keys[right] < keys[child]) child = right;
        if (keys[child] >= key) break;
        keys[i] = keys[child];
        values[i] = values[child];
        i = child;
      }
      keys[i] = key;
      values[i] = value;
    }
    return top;
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    const values = new Uint32Array(this.values.length * 2);
    keys.set(this.keys);
    values.set(this.values);
    this.keys = keys;
    this.values = values;
  }
}
