// The words and rules of saved trips (lambdas/core/alerts/saved-trips.ts): the input schema's
// limits, the trip's id and default name, and the alert sentence in the issue's words.
import { describe, expect, it } from 'vitest';
import { defaultTripName, SavedTripInput, tripAlertSms, tripAlertText, tripIdOf, tripPlacesOf } from '../../../lambdas/core/alerts/saved-trips';
import { toGsm7 } from '../../../lambdas/core/alerts/sms';

const FORBES = { lat: -33.3877, lng: 148.0083, label: 'Forbes, NSW' };
const PARKES = { lat: -33.1375, lng: 148.1755, label: 'Parkes, NSW' };
const NEWELL = { nearestLocation: { name: 'Newell Highway', location: { lat: 0, lng: 0 }, distance: 0 }, formattedAddress: 'Newell Highway, Forbes, NSW' };
const route = { geometry: { type: 'LineString' as const, coordinates: [] }, distance: 0, duration: 0, steps: [], avoidedClosureIds: [], crossesClosureIds: [] };

describe('saved trip input', () => {
  it('takes 2 to 5 places in Australia and says which limit was passed', () => {
    expect(SavedTripInput.safeParse({ places: [FORBES, PARKES] }).success).toBe(true);
    expect(SavedTripInput.safeParse({ places: [FORBES] }).error?.issues[0].message).toBe('A trip needs at least 2 places.');
    expect(SavedTripInput.safeParse({ places: Array(6).fill(FORBES) }).error?.issues[0].message).toBe('A trip can have at most 5 places.');
    expect(SavedTripInput.safeParse({ places: [FORBES, { lat: 51.5, lng: -0.12 }] }).error?.issues[0].message).toBe('Each place needs a latitude and longitude in Australia.');
    expect(SavedTripInput.safeParse({ places: [FORBES, PARKES], vehicleMass: 200 }).success).toBe(false);
  });

  it('names a trip by its places and gives the same places one id', () => {
    const places = tripPlacesOf([FORBES, PARKES]);
    expect(defaultTripName(places)).toBe('Forbes → Parkes');
    expect(tripIdOf('u1', places)).toBe(tripIdOf('u1', tripPlacesOf([{ ...FORBES, label: 'Town' }, PARKES])));
    expect(tripIdOf('u1', places)).not.toBe(tripIdOf('u2', places));
    expect(tripIdOf('u1', places, 12)).not.toBe(tripIdOf('u1', places));
  });
});

describe('the alert', () => {
  it('says what the closure costs, that there is no way around, or that the trip is clear', () => {
    expect(tripAlertText('Forbes → Parkes', { kind: 'blocked', extraSeconds: 12 * 60 + 10, route }, NEWELL, 'closure.created')).toBe(
      'Your trip Forbes → Parkes now meets a closure on the Newell Highway; the way around is 12 minutes longer',
    );
    expect(tripAlertText('Forbes → Parkes', { kind: 'blocked', extraSeconds: 20, route }, NEWELL, 'closure.changed')).toMatch(/1 minute longer$/);
    expect(tripAlertText('Forbes → Parkes', { kind: 'noWayAround', route }, NEWELL, 'closure.created')).toBe(
      'Your trip Forbes → Parkes now meets a closure on the Newell Highway; there is no way around it',
    );
    expect(tripAlertText('Forbes → Parkes', { kind: 'freed', route }, NEWELL, 'closure.reopened')).toBe('Your trip Forbes → Parkes is clear of the closure on the Newell Highway: the road has reopened');
  });

  it('fits one GSM-7 text with its link', () => {
    const text = tripAlertSms(`Your trip ${'Somewhere far away → '.repeat(8)}Parkes now meets a closure on the Newell Highway; there is no way around it`, 'https://example.org/map?trip=abc', toGsm7);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(/-> .*\.\.\.; there is no way around it https:\/\/example\.org\/map\?trip=abc$/);
  });

  it('keeps what the closure costs in a text a little too long, dropping words that say nothing first', () => {
    const link = 'http://127.0.0.1:33721/map?trip=dbbc8b6f6ab4e328bc354b08';
    const sentence = 'Your trip Forbes → Parkes now meets a closure on the Secondary road; the way around is 3 minutes longer';
    expect(tripAlertSms(sentence, link, toGsm7)).toBe(`Trip Forbes -> Parkes meets a closure on the Secondary road; the way around is 3 minutes longer ${link}`);
    const short = tripAlertSms(sentence, 'https://x.example/t', toGsm7);
    expect(short).toBe('Your trip Forbes -> Parkes now meets a closure on the Secondary road; the way around is 3 minutes longer https://x.example/t');
  });
});
