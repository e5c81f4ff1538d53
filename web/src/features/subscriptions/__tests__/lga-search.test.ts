import { describe, expect, it } from 'vitest';
import { matchingLgas } from '../lga-search';

const lga = (code: string, name: string, state: string, nameLong: string | null = null) => ({ code, name, state, nameLong, customerStatus: 'none' });
const LGAS = [lga('12900', 'Forbes', 'NSW', 'Forbes Shire Council'), lga('16200', 'Parkes', 'NSW'), lga('20660', 'Brimbank', 'VIC')];

describe('matchingLgas', () => {
  it('matches every word in name, long name, state or code, in any case', () => {
    expect(matchingLgas(LGAS, 'forb').map((l) => l.code)).toEqual(['12900']);
    expect(matchingLgas(LGAS, 'shire  FORBES').map((l) => l.code)).toEqual(['12900']);
    expect(matchingLgas(LGAS, 'nsw').map((l) => l.code)).toEqual(['12900', '16200']);
    expect(matchingLgas(LGAS, '20660').map((l) => l.code)).toEqual(['20660']);
  });
  it('lists all for an empty search and none for a miss', () => {
    expect(matchingLgas(LGAS, '  ')).toHaveLength(3);
    expect(matchingLgas(LGAS, 'forbes vic')).toEqual([]);
  });
});
