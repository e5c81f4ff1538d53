import { describe, expect, it } from 'vitest';
import { fitsResponse, RESPONSE_BUDGET_BYTES } from '../../../lambdas/core/closures/response-size';

describe('fitsResponse', () => {
  it('keeps a map answer under the Lambda response limit', () => {
    expect(RESPONSE_BUDGET_BYTES).toBeLessThan(6 * 1024 * 1024);
    const line = { regions: [{ geometry: { type: 'LineString', coordinates: Array.from({ length: 100 }, (_, i) => [148 + i / 1000, -33]) } }] };
    const size = Buffer.byteLength(JSON.stringify(line)) + 1;
    expect(fitsResponse([line, line], 2 + 2 * size)).toBe(true);
    expect(fitsResponse([line, line, line], 2 + 2 * size)).toBe(false);
    expect(fitsResponse([])).toBe(true);
  });
});
