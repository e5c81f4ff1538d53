import { describe, expect, it } from 'vitest';
import { clampHeight, embedSnippet, readEmbedParams } from '../embed';

describe('embed snippet', () => {
  it('is an iframe of /lga-embed with the chosen options', () => {
    const html = embedSnippet('https://roads.example', { lgaCode: '12900', height: 480, first: 'list', directions: false }, 'Forbes');
    expect(html).toBe(
      '<iframe src="https://roads.example/lga-embed?lga=12900&amp;first=list&amp;directions=0" title="Road closures in Forbes" width="100%" height="480" style="border:0;max-width:100%" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    );
  });

  it('keeps the height between 300 and 1200 px', () => {
    expect(clampHeight(50)).toBe(300);
    expect(clampHeight(5000)).toBe(1200);
    expect(clampHeight(Number.NaN)).toBe(600);
  });

  it('reads the options back on the embed page, refusing odd values', () => {
    expect(readEmbedParams('?lga=12900&first=list&directions=0')).toEqual({ lgaCode: '12900', first: 'list', directions: false });
    expect(readEmbedParams('?lga=<script>&first=x')).toEqual({ lgaCode: null, first: 'map', directions: true });
  });
});
