// Profile input: bounded text, coordinates within Australia's reach, map options as a small
// JSON object, explicit nulls clearing optional fields.
import { describe, expect, it } from 'vitest';
import { ProfileInput, profileChanges } from '../../../lambdas/core/identity/profile';

const first = (input: unknown) => {
  const result = ProfileInput.safeParse(input);
  return result.success ? 'ok' : result.error.issues[0].message;
};

describe('ProfileInput', () => {
  it.each([
    [{ displayName: 'Riley' }, 'ok'],
    [{ displayName: '   ' }, 'Name is required'],
    [{ displayName: 'x'.repeat(101) }, 'Name is too long (maximum 100 characters)'],
    [{ preferredName: null }, 'ok'],
    [{ lgaCode: '12900' }, 'ok'],
    [{ lgaCode: 'forbes' }, 'Invalid LGA'],
    [{ address: { formatted: 'Lachlan St, Forbes, NSW', lat: -33.38, lng: 148.01 } }, 'ok'],
    [{ address: { formatted: 'Null Island', lat: 0, lng: 0 } }, 'Invalid coordinates'],
    [{ address: { formatted: 'London', lat: 51.5, lng: -0.12 } }, 'Invalid coordinates'],
    [{ address: { formatted: '', lat: -33.38, lng: 148.01 } }, 'Address is required'],
    [{ mapOptions: { zoom: 11, style: 'streets' } }, 'ok'],
    [{ mapOptions: '{"zoom":11}' }, 'ok'],
    [{ mapOptions: [1, 2] }, 'Map options must be a JSON object'],
    [{ mapOptions: 'not json' }, 'Map options must be a JSON object'],
    [{ mapOptions: { blob: 'x'.repeat(2001) } }, 'Map options are too large (maximum 2000 characters)'],
    [{ mapOptions: { zoom: 2.8e307 } }, 'Map options hold a number or key that cannot be saved'],
    [{ mapOptions: { tiny: 5e-255 } }, 'Map options hold a number or key that cannot be saved'],
    [{ mapOptions: { '': 1 } }, 'Map options hold a number or key that cannot be saved'],
    [{ mapOptions: '{"__proto__":{"admin":true}}' }, 'Map options hold a number or key that cannot be saved'],
    [{ mapOptions: { nested: { constructor: { prototype: 1 } } } }, 'Map options hold a number or key that cannot be saved'],
    [{ mapOptions: { center: [147.9, -33.4], zoom: 11.5 } }, 'ok'],
    [{ admin: true }, "Unrecognized key(s) in object: 'admin'"],
  ])('%j → %s', (input, expected) => {
    expect(first(input)).toBe(expected);
  });

  it('sets given fields, removes nulled ones and leaves the rest', () => {
    const input = ProfileInput.parse({ displayName: ' Riley ', preferredName: null, mapOptions: '{"zoom":9}' });
    expect(profileChanges(input)).toEqual({ set: { displayName: 'Riley', mapOptions: { zoom: 9 } }, remove: ['preferredName'] });
  });
});
