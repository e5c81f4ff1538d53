// The localities file the place search reads (LOCALITIES_PATH in a Lambda bundle), parsed once
// per process: 1.4 MB of GeoJSON, about 30 ms.
import { readFileSync } from 'node:fs';
import { buildPlaceIndex, type PlaceFeature, type PlaceIndex } from '../../core/directions/places';
import { defaultLocalitiesPath } from '../../core/roads/localities';

let index: PlaceIndex | undefined;

export function placeIndex(): PlaceIndex {
  if (!index) {
    const parsed = JSON.parse(readFileSync(defaultLocalitiesPath(), 'utf8')) as { features?: PlaceFeature[] };
    index = buildPlaceIndex(parsed.features ?? []);
  }
  return index;
}
