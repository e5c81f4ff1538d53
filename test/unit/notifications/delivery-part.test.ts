import { describe, expect, it } from 'vitest';
import { deliveryPart } from '../../../lambdas/core/notifications/delivery-part';

describe('the part key of a delivery', () => {
  it('is the same for the same recipients in any order, and differs for another group', () => {
    expect(deliveryPart(['a', 'b', 'c'])).toBe(deliveryPart(['c', 'a', 'b']));
    expect(deliveryPart(['a', 'b', 'c'])).not.toBe(deliveryPart(['a', 'b', 'd']));
    expect(deliveryPart(['a', 'b'])).not.toBe(deliveryPart(['a', 'b', 'c']));
    // Joined without ambiguity: ['ab', 'c'] is not ['a', 'bc'].
    expect(deliveryPart(['ab', 'c'])).not.toBe(deliveryPart(['a', 'bc']));
    expect(deliveryPart(['x'])).toMatch(/^1-[0-9a-f]{24}$/);
  });
});
