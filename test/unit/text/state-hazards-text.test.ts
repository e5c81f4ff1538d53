// The state's hazards on a council's low-bandwidth page: listed after the council's closures as
// the state's (source, reference, licence, recorded-data note, stale age), escaped, and a hazard
// on a closure's stretch named on that closure instead of listed twice.
import { describe, expect, it } from 'vitest';
import type { ClosureRecord } from '../../../lambdas/core/closures/types';
import { withHash, type StateHazard } from '../../../lambdas/core/livetraffic/hazard';
import { renderTextPage, TEXT_PAGE_BUDGET_BYTES } from '../../../lambdas/core/text-page';

const NEWELL: [number, number][] = [[148.064777, -33.319499], [148.067036, -33.317045], [148.075275, -33.311737], [148.080425, -33.306286]];

const closure = {
  id: 'council-newell', lgaCode: '12900', view: 'ACTIVE', active: true, condition: 'closed', type: 'flood', reason: 'Water over the road',
  position: { lat: NEWELL[0][1], lng: NEWELL[0][0] }, formattedAddress: 'Newell Highway, Forbes, NSW',
  regions: [{ id: 'r', geometry: { type: 'LineString', coordinates: NEWELL } }], media: [], subscriberCount: 0, version: 1,
  createdAt: 1_790_000_000, updatedAt: 1_794_000_000,
} as unknown as ClosureRecord;

function hazard(id: string, over: Partial<StateHazard> = {}): StateHazard {
  return withHash({
    id, kind: 'roadwork', headline: `ROAD WORKS ${id}`, planned: true, major: false, position: { lat: -33.58, lng: 147.64 },
    roads: [{ mainStreet: 'Newell Highway', crossStreet: '47-55km north of West Wyalong', suburb: 'Weelong' }], lanes: [], periods: [],
    advice: ['Reduced speed limit'], source: 'livetraffic', lgaCode: '12900', geometry: null, geometrySource: 'point', geometryNote: 'point', closesRoad: false,
    ...over,
  });
}

const NOW = 1_795_000_000;

describe("the state's hazards on a council's text page", () => {
  it("lists them after the council's closures as the state's, with the licence and the recorded-data note", () => {
    const html = renderTextPage({
      lgaCode: '12900', lgaName: 'Forbes', generatedAt: NOW, closures: [closure],
      state: { hazards: [hazard('676537')], recorded: 'Recorded Live Traffic NSW data from 5 June 2017, times moved to today.', lastGoodAt: NOW - 60 },
    });
    expect(html.indexOf('<h2>Closures (1)</h2>')).toBeLessThan(html.indexOf('<h2>Live Traffic NSW hazards (1)</h2>'));
    expect(html).toContain('<b>Roadwork (Live Traffic NSW, reference 676537): road open with care</b><br>ROAD WORKS 676537<br>Newell Highway, 47-55km north of West Wyalong, Weelong<br>Reduced speed limit');
    expect(html).toContain('Contains Live Traffic NSW data, © Transport for NSW, licensed under <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>.');
    expect(html).toContain('<p>Recorded Live Traffic NSW data from 5 June 2017, times moved to today.</p>');
    expect(html).not.toContain('may be out of date');
  });

  it("names a hazard on a closure's stretch on that closure instead of listing it, escapes the state's text and dates stale data", () => {
    const html = renderTextPage({
      lgaCode: '12900', lgaName: 'Forbes', generatedAt: NOW, closures: [closure],
      state: {
        hazards: [hazard('1', { headline: 'CLOSED Newell Hwy', position: { lat: -33.311737, lng: 148.075275 }, closesRoad: true }), hazard('2', { headline: '<script>alert(1)</script>Works' })],
        lastGoodAt: NOW - 3 * 3600,
      },
    });
    expect(html).toContain('Also on Live Traffic NSW: CLOSED Newell Hwy (reference 1)</li>');
    expect(html).toContain('<h2>Live Traffic NSW hazards (1)</h2>');
    expect(html).not.toContain('reference 1)</b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;Works');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('Last updated from Live Traffic NSW 180 minutes ago: these hazards may be out of date.');
  });

  it('stays within the page budget with hundreds of hazards, counting what was left out', () => {
    const hazards = Array.from({ length: 600 }, (_, i) => hazard(String(100000 + i), { advice: ['Reduced speed limit. '.repeat(5)] }));
    const html = renderTextPage({ lgaCode: '12900', lgaName: 'Forbes', generatedAt: NOW, closures: [closure], state: { hazards } });
    expect(new TextEncoder().encode(html).length).toBeLessThanOrEqual(TEXT_PAGE_BUDGET_BYTES);
    expect(html).toMatch(/and \d+ more: see the full map\./);
  });
});
