import { describe, expect, it } from 'vitest';
import { bboxCentre, lgaRecordChanges } from '../../../lambdas/core/admin/lga-records';
import type { BundleFeature } from '../../../lambdas/core/admin/lga-bundle';

const square = (x: number, y: number, size = 0.1): BundleFeature['geometry'] => ({
  type: 'Polygon',
  coordinates: [[[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]],
});
const feature = (code: string, name: string, geometry = square(148, -33), state = 'NSW'): BundleFeature => ({ type: 'Feature', properties: { code, name, state }, geometry });

describe('lgaRecordChanges', () => {
  const existing = [
    { code: '12900', name: 'Forbes', state: 'NSW', bbox: [148.00003, -33.00004, 148.1, -32.9] },
    { code: '16200', name: 'Parkes', state: 'NSW', bbox: [149, -33, 149.1, -32.9] },
  ];

  it('leaves records whose name, state and box (within the bundle rounding) are the same', () => {
    expect(lgaRecordChanges([feature('12900', 'Forbes'), feature('16200', 'Parkes', square(149, -33))], existing)).toEqual([]);
  });

  it('renames, moves and adds LGAs; keeps LGAs the bundle does not list', () => {
    const changes = lgaRecordChanges([feature('12900', 'Forbes Shire'), feature('16200', 'Parkes', square(150, -30, 0.01)), feature('99999', 'New Council')], existing);
    expect(changes).toEqual([
      { code: '12900', name: 'Forbes Shire', state: 'NSW', bbox: existing[0].bbox, isNew: false },
      { code: '16200', name: 'Parkes', state: 'NSW', bbox: [150, -30, 150.01, -29.99], isNew: false },
      { code: '99999', name: 'New Council', state: 'NSW', bbox: [148, -33, 148.1, -32.9], isNew: true },
    ]);
    expect(bboxCentre([148, -33, 148.2, -32.8])).toEqual({ lng: 148.1, lat: -32.9 });
  });
});
