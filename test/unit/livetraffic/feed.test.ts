// Reading the state's hazards feed: the recorded real payloads, and what a hostile or broken feed
// sends (unknown fields, missing or malformed geometry, wrong types, ended items, duplicated ids,
// HTML and scripts in text). Each item is taken or refused on its own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeReadings, readFeed, type FeedReading } from '../../../lambdas/core/livetraffic/feed';
import { decodePolyline } from '../../../lambdas/core/livetraffic/polyline';
import { plainText } from '../../../lambdas/core/livetraffic/text';
import type { HazardKind } from '../../../lambdas/core/livetraffic/hazard';

const recorded = (kind: string) => JSON.parse(readFileSync(path.join(__dirname, '../../../data/livetraffic', `${kind}.json`), 'utf8')) as unknown;
const read = (body: unknown, kind: HazardKind = 'incident') => readFeed(body, kind) as FeedReading;
const feature = (id: unknown, properties: Record<string, unknown> = {}, geometry: unknown = { type: 'POINT', coordinates: [148.1, -33.1] }) => ({
  type: 'Feature',
  id,
  geometry,
  properties: { headline: 'ROADWORK - PARKES Forbes St', ended: false, roads: [], periods: [], ...properties },
});

describe('the recorded payloads', () => {
  it('reads every open item of the five recorded feeds, and none is refused', () => {
    const readings = (['roadwork', 'incident', 'majorevent', 'flood', 'fire'] as const).map((kind) => read(recorded(kind), kind));
    const all = mergeReadings(readings);
    expect(all.refused).toEqual([]);
    expect(all.hazards).toHaveLength(280 + 4 + 13 + 1);
    expect(all.ended).toHaveLength(61);
    // Six items carry a polyline; two of them are incidents the state had ended.
    expect(all.hazards.filter((h) => h.stateLine)).toHaveLength(4);
  });

  it('keeps the Weelong roadwork as the state described it: plain advice, no blanks, seconds', () => {
    const weelong = read(recorded('roadwork'), 'roadwork').hazards.find((h) => h.id === '676537')!;
    expect(weelong).toMatchObject({
      kind: 'roadwork',
      headline: 'SCHEDULED ROAD WORKS - WEELONG Newell Hwy at 47-55km north of West Wyalong',
      planned: true,
      position: { lng: 147.63698, lat: -33.57883 },
      roads: [{ mainStreet: 'Newell Highway', crossStreet: '47-55km north of West Wyalong', qualifier: 'at', suburb: 'Weelong' }],
      advice: ['Reduced speed limit', 'Exercise caution', 'Motorists are advised to allow up to 5 min of additional travel time.'],
      speedLimit: 40,
      start: 1494165600,
    });
    expect(weelong.diversions).toBeUndefined();
    expect(weelong.periods[0]).toEqual({ closureType: 'LANE_CLOSURE', direction: 'Both directions', fromDay: 'Weekdays', startTime: '7am', finishTime: '6pm' });
  });

  it('decodes the state polyline of George Street into positions in Sydney', () => {
    const line = decodePolyline('fbxmE{d{y[HcA')!;
    expect(line).toHaveLength(2);
    expect(line[0][0]).toBeCloseTo(151.2, 1);
    expect(line[0][1]).toBeCloseTo(-33.87, 1);
  });
});

describe('a hostile or broken feed', () => {
  it('refuses a body that is not a feed as a whole', () => {
    expect(readFeed({ error: 'quota' }, 'incident')).toEqual({ notAFeed: 'no features list' });
    expect(readFeed('<html>', 'incident')).toEqual({ notAFeed: 'no features list' });
  });

  it('ignores unknown fields and reads the ones it knows', () => {
    const r = read({ features: [feature(1, { brandNewField: { deep: [1] }, adviceA: 'Slow down' })], extra: true });
    expect(r.hazards[0]).toMatchObject({ id: '1', advice: ['Slow down'] });
    expect(r.hazards[0]).not.toHaveProperty('brandNewField');
  });

  it('refuses missing or malformed geometry, each counted', () => {
    const r = read({
      features: [
        feature(1, {}, null),
        feature(2, {}, { type: 'LineString', coordinates: [[148, -33], [148.1, -33]] }),
        feature(3, {}, { type: 'POINT', coordinates: [999, -33] }),
        feature(4, {}, { type: 'point', coordinates: ['148', '-33'] }),
        feature(5, {}, { type: 'Point', coordinates: [148.2, -33.2] }),
      ],
    });
    expect(r.refused).toEqual([1, 2, 3, 4].map((id) => ({ id: String(id), reason: 'bad-geometry' })));
    expect(r.hazards.map((h) => h.id)).toEqual(['5']);
  });

  it('refuses items without an id or properties, and takes wrong-typed fields as absent', () => {
    const r = read({
      features: [
        feature({ nested: 1 }),
        { id: 7, geometry: { type: 'POINT', coordinates: [148, -33] }, properties: 'text' },
        null,
        feature(8, { headline: 42, displayName: ['x'] }),
        feature(9, { adviceA: 12, roads: 'Newell', periods: { a: 1 }, start: 'soon', speedLimit: '40', ended: 'no' }),
      ],
    });
    expect(r.refused.map((x) => x.reason)).toEqual(['no-id', 'no-properties', 'no-id', 'no-headline']);
    expect(r.hazards).toHaveLength(1);
    expect(r.hazards[0]).toMatchObject({ id: '9', advice: [], roads: [], periods: [] });
    expect(r.hazards[0].start).toBeUndefined();
    expect(r.hazards[0].speedLimit).toBeUndefined();
  });

  it('takes ended items out, even where another kind still lists the id', () => {
    const incidents = read({ features: [feature(11, { ended: true }), feature(12)] });
    const floods = read({ features: [feature(11)] }, 'flood');
    const all = mergeReadings([incidents, floods]);
    expect(all.ended).toEqual(['11']);
    expect(all.hazards.map((h) => h.id)).toEqual(['12']);
  });

  it('keeps a duplicated id once, the most recently updated, and counts the others', () => {
    const r = mergeReadings([
      read({ features: [feature(21, { headline: 'old', lastUpdated: 1_000_000 }), feature(21, { headline: 'new', lastUpdated: 2_000_000 })] }),
      read({ features: [feature(21, { headline: 'other kind', lastUpdated: 1_500_000 })] }, 'roadwork'),
    ]);
    expect(r.hazards).toHaveLength(1);
    expect(r.hazards[0].headline).toBe('new');
    expect(r.refused).toEqual([
      { id: '21', reason: 'duplicate' },
      { id: '21', reason: 'duplicate' },
    ]);
  });

  it('keeps words of HTML and scripts as text, never as markup', () => {
    const r = read({
      features: [
        feature(31, {
          headline: 'FLOOD <b>Newell</b> Hwy<script>alert(1)</script>',
          otherAdvice: 'Closed.<br/>Use <a href="javascript:alert(1)" onclick="x()">the detour</a> &amp; wait &lt;img src=x onerror=alert(1)&gt;<img src=x onerror=alert(2)',
          diversions: '   ',
        }),
      ],
    });
    const [h] = r.hazards;
    expect(h.headline).toBe('FLOOD Newell Hwy');
    expect(h.advice).toEqual(['Closed.\nUse the detour & wait ‹img src=x onerror=alert(1)›']);
    expect(h.diversions).toBeUndefined();
    expect(JSON.stringify(h)).not.toMatch(/<|>/);
  });

  it('reads blank strings as nothing and caps long text', () => {
    expect(plainText(' ')).toBeUndefined();
    expect(plainText('')).toBeUndefined();
    expect(plainText('a'.repeat(5000), 100)).toHaveLength(100);
    expect(plainText('&#0;&#xD800;ok&#x1F6A7;')).toBe('ok🚧');
  });
});
