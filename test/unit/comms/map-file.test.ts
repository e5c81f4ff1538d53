// The public map's per-LGA file: what it holds, in the shape the map's GraphQL fields have, so the
// map reads the file and the API alike.
import { describe, expect, it } from 'vitest';
import { buildMapFile, emptyMapFile, MAP_FILE_PATTERN, mapFileKey } from '../../../lambdas/core/comms/map-file';
import { CLOSURE_FIELDS } from '../../../web/src/features/map/api/closure-fields';
import { closure } from './fixtures';

const now = 1_764_050_000;

describe('map file', () => {
  it('holds active, scheduled and reopened closures of its LGA, newest change first', () => {
    const file = buildMapFile(
      '12900',
      [
        closure({ id: 'active', updatedAt: now - 50 }),
        closure({ id: 'later', view: 'SCHEDULED', scheduledFor: now + 3600, updatedAt: now - 10 }),
        closure({ id: 'reopened', view: 'RECENTLY_OPENED', condition: 'opened', openedAt: now - 60, active: false, updatedAt: now - 60 }),
        closure({ id: 'deleted', view: 'DELETED', deletedAt: now - 5, active: false }),
        closure({ id: 'archived', view: 'ARCHIVED', archivedAt: now - 5, active: false }),
        closure({ id: 'elsewhere', lgaCode: '10050' }),
      ],
      now,
    );
    expect(file.lgaCode).toBe('12900');
    expect(file.closures.map((c) => c.id)).toEqual(['later', 'active', 'reopened']);
    expect(file.closures.find((c) => c.id === 'later')!.scheduled).toBe(true);
    expect(file.closures.find((c) => c.id === 'active')!.scheduled).toBe(false);
    expect(file.generated).toBe(new Date(now * 1000).toISOString());
  });

  it("carries exactly the fields the map selects from the API, geometry as the API's JSON string", () => {
    const [one] = buildMapFile('12900', [closure()], now).closures;
    const selected = CLOSURE_FIELDS.split('\n').map((line) => line.trim().split(/\s/)[0]).filter(Boolean);
    expect(Object.keys(one).sort()).toEqual([...selected].sort());
    expect(one.type).toEqual({ value: 'flood', text: 'Flooding' });
    expect(JSON.parse(one.regions[0].geometry)).toEqual({ type: 'LineString', coordinates: [[147.92986, -33.42686], [147.944298, -33.416541]] });
  });

  it('names its key after the LGA and recognises only five-digit LGA codes', () => {
    expect(mapFileKey('12900')).toBe('feeds/12900/map.json');
    expect(mapFileKey('12900').match(MAP_FILE_PATTERN)?.[1]).toBe('12900');
    expect('feeds/all/map.json'.match(MAP_FILE_PATTERN)).toBeNull();
    expect('feeds/../12900/map.json'.match(MAP_FILE_PATTERN)).toBeNull();
    expect(emptyMapFile('12900', now).closures).toEqual([]);
  });
});
