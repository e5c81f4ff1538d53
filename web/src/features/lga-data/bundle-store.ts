import { openKeyValueStore } from '../../lib/idb';

export interface LgaFeatureCollection {
  type: 'FeatureCollection';
  features: Array<{ type: 'Feature'; properties: Record<string, unknown> | null; geometry: unknown }>;
}

export const NOT_CACHED_MESSAGE = 'LGA data not cached';

/** The query cache's copy of the bundle, read by every map on the page. */
export const LGA_BUNDLE_QUERY_KEY = ['lga-bundle'] as const;

// The timestamp sits apart from the bundle so the guard check never loads megabytes of boundaries.
const store = openKeyValueStore('road-closures', 'lga-data');
const TIMESTAMP_KEY = 'timestamp';
const BUNDLE_KEY = 'bundle';

export async function readInstalledTimestamp(): Promise<number | null> {
  return (await store.get<number>(TIMESTAMP_KEY)) ?? null;
}

export async function saveLgaBundle(timestamp: number, bundle: LgaFeatureCollection): Promise<void> {
  await store.setMany({ [BUNDLE_KEY]: bundle, [TIMESTAMP_KEY]: timestamp });
}

/** Spec §8: a missing bundle clears the stored timestamp, so the guard sends the user to /init again. */
export async function readLgaBundle(): Promise<LgaFeatureCollection> {
  const bundle = await store.get<LgaFeatureCollection>(BUNDLE_KEY);
  if (!bundle || !Array.isArray(bundle.features)) {
    await store.deleteMany([TIMESTAMP_KEY]).catch(() => undefined);
    throw new Error(NOT_CACHED_MESSAGE);
  }
  return bundle;
}

export function isFeatureCollection(value: unknown): value is LgaFeatureCollection {
  const v = value as Partial<LgaFeatureCollection> | null;
  return !!v && v.type === 'FeatureCollection' && Array.isArray(v.features);
}
