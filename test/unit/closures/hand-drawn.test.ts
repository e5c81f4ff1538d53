// A closure line drawn by hand: the bounds its input schema holds it to, and that a snapped line
// is not held to them.
import { describe, expect, it } from 'vitest';
import { ClosureInput } from '../../../lambdas/core/closures/input';
import { HAND_DRAWN_MESSAGES } from '../../../lambdas/core/closures/hand-drawn';

const input = (coordinates: number[][], drawnByHand?: boolean | null) => ({
  lgaCode: '12900',
  type: 'event',
  regions: [{ geometry: JSON.stringify({ type: 'LineString', coordinates }), ...(drawnByHand === undefined ? {} : { drawnByHand }) }],
});
const message = (value: unknown) => {
  const parsed = ClosureInput.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0].message;
};

describe('a line drawn by hand', () => {
  it('is kept as given and says it was drawn by hand', () => {
    const parsed = ClosureInput.parse(input([[148.01, -33.388], [148.014, -33.387]], true));
    expect(parsed.regions[0]).toMatchObject({ drawnByHand: true, geometry: { coordinates: [[148.01, -33.388], [148.014, -33.387]] } });
  });

  it('has two different points, at most 200, and at most 20 km', () => {
    expect(message(input([[148.01, -33.388], [148.01, -33.388]], true))).toBe(HAND_DRAWN_MESSAGES.tooShort);
    expect(message(input(Array.from({ length: 201 }, (_, i) => [148 + i * 1e-4, -33.388]), true))).toBe(HAND_DRAWN_MESSAGES.tooManyPoints);
    expect(message(input([[147.9, -33.388], [148.15, -33.388]], true))).toBe(HAND_DRAWN_MESSAGES.tooLong);
    expect(message(input(Array.from({ length: 200 }, (_, i) => [148 + i * 1e-4, -33.388]), true))).toBeNull();
  });

  it('does not hold a snapped line (or one that leaves the flag out) to those bounds', () => {
    expect(message(input([[147.9, -33.388], [148.15, -33.388]], false))).toBeNull();
    expect(message(input(Array.from({ length: 201 }, (_, i) => [148 + i * 1e-4, -33.388])))).toBeNull();
  });

  it('refuses a flag that is not true or false', () => {
    expect(message({ ...input([[148.01, -33.388], [148.014, -33.387]]), regions: [{ geometry: '{"type":"LineString","coordinates":[[148.01,-33.388],[148.014,-33.387]]}', drawnByHand: 'yes' }] })).toBe(
      'drawnByHand must be true or false',
    );
  });
});
