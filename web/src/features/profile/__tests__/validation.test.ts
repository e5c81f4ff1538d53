import { describe, expect, it } from 'vitest';
import { profileInputFrom, validateProfile, type ProfileFields } from '../validation';
import { DEFAULT_MAP_OPTIONS, parseMapOptions, styleUrlFor } from '../map-options';
import { searchLgas } from '../lga-search';

const valid: ProfileFields = {
  displayName: ' Riley Resident ',
  preferredName: '',
  addressText: '',
  addressPosition: null,
  lgaCode: '12900',
};

describe('validateProfile', () => {
  it('accepts a name and a council', () => {
    expect(validateProfile(valid)).toEqual({});
  });
  it('asks for the name, a council, and a position for a typed address', () => {
    const errors = validateProfile({ ...valid, displayName: '  ', lgaCode: null, addressText: '1 Main St' });
    expect(errors.displayName).toBe('Enter your name');
    expect(errors.lgaCode).toBe('Choose your council');
    expect(errors.addressText).toMatch(/Use my location/);
  });
  it('applies the API length limits', () => {
    const errors = validateProfile({ ...valid, displayName: 'x'.repeat(101), preferredName: 'y'.repeat(101) });
    expect(errors.displayName).toMatch(/too long/);
    expect(errors.preferredName).toMatch(/too long/);
  });
});

describe('profileInputFrom', () => {
  it('trims, clears an empty preferred name and address, and keeps a placed address', () => {
    expect(profileInputFrom(valid)).toEqual({ displayName: 'Riley Resident', preferredName: null, address: null, lgaCode: '12900' });
    const placed = profileInputFrom({ ...valid, addressText: ' 1 Lachlan St, Forbes ', addressPosition: { lat: -33.38, lng: 148.01 } });
    expect(placed.address).toEqual({ formatted: '1 Lachlan St, Forbes', lat: -33.38, lng: 148.01 });
  });
});

describe('parseMapOptions', () => {
  it('reads AWSJSON strings and objects, and falls back on odd values', () => {
    expect(parseMapOptions('{"zoom":14,"baseLayer":"minimal"}')).toMatchObject({ zoom: 14, baseLayer: 'minimal' });
    // Layers offered before there were styles for them read as the default.
    expect(parseMapOptions('{"zoom":14,"baseLayer":"satellite"}')).toMatchObject({ zoom: 14, baseLayer: 'streets' });
    expect(parseMapOptions({ zoom: 99, baseLayer: 'moon' })).toMatchObject(DEFAULT_MAP_OPTIONS);
    expect(parseMapOptions('not json')).toMatchObject(DEFAULT_MAP_OPTIONS);
    expect(parseMapOptions(null)).toMatchObject(DEFAULT_MAP_OPTIONS);
  });
});

describe('styleUrlFor', () => {
  const app = { mapStyle: '/map-style.json', mapStyles: { streets: '/map-style.json', minimal: '/map-style-minimal.json' } };
  it('loads the saved base layer style, and the default style when the config has none for it', () => {
    expect(styleUrlFor('minimal', app)).toBe('/map-style-minimal.json');
    expect(styleUrlFor('streets', app)).toBe('/map-style.json');
    expect(styleUrlFor('satellite', app)).toBe('/map-style.json');
    expect(styleUrlFor(null, app)).toBe('/map-style.json');
    expect(styleUrlFor('minimal', { mapStyle: 'https://maps.example/standard' })).toBe('https://maps.example/standard');
  });
});

describe('searchLgas', () => {
  const lgas = ['Forbes', 'Parkes', 'Lake Forbes Test', 'Albury', 'Greater Hume'].map((name, i) => ({
    code: String(10000 + i), name, nameLong: null, state: 'NSW', customerStatus: 'none',
  }));
  it('ranks a name prefix before a word prefix before a substring', () => {
    expect(searchLgas(lgas, 'forb').map((l) => l.name)).toEqual(['Forbes', 'Lake Forbes Test']);
    expect(searchLgas(lgas, 'hum').map((l) => l.name)).toEqual(['Greater Hume']);
    expect(searchLgas(lgas, 'rke').map((l) => l.name)).toEqual(['Parkes']);
  });
  it('matches a code and returns the list for an empty query', () => {
    expect(searchLgas(lgas, '10003').map((l) => l.name)).toEqual(['Albury']);
    expect(searchLgas(lgas, '  ')).toHaveLength(5);
  });
});
