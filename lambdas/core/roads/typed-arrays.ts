/**
 * Small helpers on typed arrays the road engine shares.
 */

/** The index of the first of list[0..end-1] (ascending) at or after k: end when none is (binary search). */
export function lowerBound(list: Uint32Array, k: number, end: number = list.length): number {
  let lo = 0;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A copy of the array `length` long (its values first, the rest zero): for scratch arrays that grow. */
export function grown<T extends Float64Array | Float32Array | Int32Array | Uint32Array>(array: T, length: number): T {
  const next = new (array.constructor as new (n: number) => T)(length);
  next.set(array);
  return next;
}
