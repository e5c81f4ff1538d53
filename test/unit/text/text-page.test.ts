import { describe, expect, it } from 'vitest';
import type { ClosureRecord } from '../../../lambdas/core/closures/types';
import type { AnnouncementRecord } from '../../../lambdas/core/announcements/rules';
import { parseTextPath, renderTextIndex, renderTextPage, TEXT_PAGE_BUDGET_BYTES, unsealedLineOf } from '../../../lambdas/core/text-page';

const closure = (id: string, updatedAt: number, extra: Partial<ClosureRecord> = {}): ClosureRecord =>
  ({
    id, lgaCode: '12900', view: 'ACTIVE', active: true, condition: 'closed', type: 'flood',
    reason: 'Water over the causeway', position: { lat: -33.4, lng: 148 }, geohash: 'r', geohash4: 'r', geohash7: 'r', cells: [],
    nearestLocation: { name: 'Newell Highway', location: { lat: -33.4, lng: 148 }, distance: 1 },
    formattedAddress: 'Newell Highway, Forbes, NSW', regions: [], media: [], subscriberCount: 0, version: 1,
    createdAt: 1_790_000_000, updatedAt, ...extra,
  }) as ClosureRecord;

describe('low-bandwidth closures page', () => {
  it('lists active closures newest first with road, type, condition, reason and expected reopening, and no script', () => {
    const html = renderTextPage({
      lgaCode: '12900', lgaName: 'Forbes', generatedAt: 1_795_000_000,
      closures: [closure('a', 1_794_000_000), closure('b', 1_794_500_000, { type: 'roadworks', condition: 'changed', reason: 'One lane', estimatedReopening: 1_795_100_000 })],
    });
    expect(html).toContain('<h1>Road closures: Forbes</h1>');
    expect(html).toContain('<h2>Closures (2)</h2>');
    expect(html.indexOf('Roadworks: Newell Highway')).toBeLessThan(html.indexOf('Flooding: Newell Highway'));
    expect(html).toContain('Changed conditions');
    expect(html).toContain('Expected to reopen');
    expect(html).toContain('<strong>Unsealed roads: open.</strong>');
    expect(html).not.toMatch(/<script/i);
  });

  it('names a closure by its place, never by the nearest road\'s class (a street drawn by hand, an off-road report)', () => {
    const html = renderTextPage({
      lgaCode: '12900', lgaName: 'Forbes', generatedAt: 1_795_000_000,
      closures: [
        closure('a', 1_794_000_000, { type: 'hazard', formattedAddress: 'Forbes, NSW', nearestLocation: { name: 'Secondary road', location: { lat: -33.4, lng: 148 }, distance: 250 } }),
        closure('b', 1_794_000_001, { formattedAddress: undefined, nearestLocation: { name: 'Secondary road', location: { lat: -33.4, lng: 148 }, distance: 3000 } }),
      ],
    });
    expect(html).toContain('Hazard: Forbes, NSW');
    expect(html).toContain('Flooding: Somewhere in Forbes');
    expect(html).not.toContain('Secondary road');
  });

  it('says plainly when unsealed roads are restricted, with the mass limit, and escapes council text', () => {
    const html = renderTextPage({
      lgaCode: '12900', lgaName: 'Forbes', generatedAt: 1_795_000_000, closures: [],
      unsealed: { status: 'restricted', maxGVM: 4.5, message: '<b>Wet</b> & slippery' },
    });
    expect(html).toContain('Unsealed roads: RESTRICTED.');
    expect(html).toContain('Vehicles over 4.5 t GVM must keep off.');
    expect(html).toContain('&lt;b&gt;Wet&lt;/b&gt; &amp; slippery');
    expect(html).toContain('No roads are closed by this council right now.');
  });

  it('stays under 30 kB however many closures there are, saying how many were left out', () => {
    const many = Array.from({ length: 2000 }, (_, i) => closure(`c${i}`, 1_794_000_000 + i, { reason: 'x'.repeat(200) }));
    const html = renderTextPage({ lgaCode: '12900', lgaName: 'Forbes', generatedAt: 1_795_000_000, closures: many });
    expect(Buffer.byteLength(html)).toBeLessThan(TEXT_PAGE_BUDGET_BYTES);
    expect(html).toMatch(/and \d+ more: see the full map\./);
    expect(html).toContain('<h2>Closures (2000)</h2>');
  });

  it('lists the councils with closures now first, most closures first, then the others by name without a count', () => {
    const html = renderTextIndex(
      [
        { code: '10050', name: 'Albury', activeClosures: 0 },
        { code: '12900', name: 'Forbes', activeClosures: 3 },
        { code: '16200', name: 'Parkes', activeClosures: 5 },
        { code: '10500', name: 'Bathurst', activeClosures: 0 },
      ],
      1_795_000_000,
    );
    const order = ['Parkes', 'Forbes', 'Albury', 'Bathurst'].map((name) => html.indexOf(`>${name}</a>`));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html.indexOf('Councils with closures now')).toBeLessThan(order[0]!);
    expect(html).toContain('<a href="/text/12900">Forbes</a> (3 active)');
    expect(html).toContain('<li><a href="/text/10050">Albury</a></li>');
    expect(html).not.toContain('(0 active)');
  });

  it('says when no council has an active closure', () => {
    const html = renderTextIndex([{ code: '10050', name: 'Albury', activeClosures: 0 }], 1_795_000_000);
    expect(html).toContain('No council has an active closure.');
  });

  it('counts bytes, not characters, when council text is not plain ASCII', () => {
    const many = Array.from({ length: 400 }, (_, i) => closure(`c${i}`, 1_794_000_000 + i, { reason: '🌊 water — über die Straße '.repeat(8) }));
    const html = renderTextPage({ lgaCode: '12900', lgaName: 'Forbes', generatedAt: 1_795_000_000, closures: many });
    expect(Buffer.byteLength(html)).toBeLessThan(TEXT_PAGE_BUDGET_BYTES);
    expect(html).toMatch(/and \d+ more: see the full map\./);
  });

  it('serves the index, a council by its numeric code, and nothing else', () => {
    expect(parseTextPath('/text')).toEqual({ kind: 'index' });
    expect(parseTextPath('/text/')).toEqual({ kind: 'index' });
    expect(parseTextPath('/text/12900')).toEqual({ kind: 'lga', lgaCode: '12900' });
    expect(parseTextPath('/text/12900/')).toEqual({ kind: 'lga', lgaCode: '12900' });
    for (const bad of ['/text/abc', '/text/12900/x', '/text/%3Cscript%3E', '/textual', '/text/1234567890']) expect(parseTextPath(bad)).toEqual({ kind: 'none' });
  });

  it('reads the unsealed-roads line from the current announcement', () => {
    const base = { id: 'a', lgaCode: '12900', type: 'unsealed_roads', title: 't', status: 'active', createdAt: 1, updatedAt: 1 } as const;
    expect(unsealedLineOf(undefined)).toEqual({ status: 'open' });
    expect(unsealedLineOf({ ...base, unsealedRoadsStatus: 'closed', message: 'Wet', expiresAt: 9_999_999_999 } as AnnouncementRecord))
      .toEqual({ status: 'closed', message: 'Wet', maxGVM: undefined, expiresAt: undefined });
    expect(unsealedLineOf({ ...base, unsealedRoadsStatus: 'restricted', expiresAt: 1_795_000_000, vehicleRestrictions: { enabled: true, maxGVM: 4.5, restrictionMessage: 'Light vehicles only' } } as AnnouncementRecord))
      .toEqual({ status: 'restricted', message: 'Light vehicles only', maxGVM: 4.5, expiresAt: 1_795_000_000 });
  });
});
