import { describe, expect, it } from 'vitest';
import { clampHeight, embedSnippet, framedByThisApp, readEmbedParams } from '../embed';
import { EMBED_PATH, isEmbedPathVariant } from '../embed-path';

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

describe('where the embed counts a visit', () => {
  const at = (origin: string) => ({ location: { origin } });
  it('counts at the top level and inside another site, not inside this app (the staff preview)', () => {
    const top = { ...at('https://roads.example') } as unknown as Window & { parent: unknown };
    top.parent = top;
    expect(framedByThisApp(top)).toBe(false);
    const preview = { ...at('https://roads.example'), parent: at('https://roads.example') } as unknown as Window;
    expect(framedByThisApp(preview)).toBe(true);
    // A parent of another origin: the browser refuses to read its location.
    const councilParent = {
      get location(): Location {
        throw new DOMException('Blocked a frame with origin', 'SecurityError');
      },
    };
    const onCouncilSite = { ...at('https://roads.example'), parent: councilParent } as unknown as Window;
    expect(framedByThisApp(onCouncilSite)).toBe(false);
  });

  it('has one address: its trailing-slash forms are variants to send there', () => {
    expect(EMBED_PATH).toBe('/lga-embed');
    expect(isEmbedPathVariant('/lga-embed/')).toBe(true);
    expect(isEmbedPathVariant('/lga-embed//')).toBe(true);
    expect(isEmbedPathVariant('/lga-embed')).toBe(false);
    expect(isEmbedPathVariant('/lga-embedx')).toBe(false);
    expect(isEmbedPathVariant('/lga-embed/12900')).toBe(false);
  });
});
