// Conformance of the open feeds, generated from a varied set of closures (every type and
// condition, scheduled, open with changes, several regions, long, overdue, unnamed roads, two
// LGAs, reopened and deleted): the official WZDx 4.2 schemas with Ajv and the WZDx rules beyond
// them, Google's CIFS rules, RFC 7946 by @placemarkio/check-geojson, and what a consumer does
// with a two-way closure. The mapping is documented in docs/feeds.md.
import { check as checkGeoJson } from '@placemarkio/check-geojson';
import { describe, expect, it } from 'vitest';
import { closuresInFeeds, feedFiles } from '../../../lambdas/core/comms/feeds';
import { NOW, allClosures, special } from './feeds-conformance/closures';
import { bothDirectionsViolations, cifsIncidents, cifsViolations, wzdxSchemaValidator, wzdxViolations, type FeedTexts } from './feeds-conformance/rules';

const live = closuresInFeeds(allClosures, NOW);

function generate(scope: string, closures = live): FeedTexts {
  const files = feedFiles(closures, { scope, publisher: scope === 'all' ? 'Road Closures' : 'Forbes Shire Council', siteUrl: 'https://roads.example', now: NOW });
  const body = (suffix: string) => files.find((f) => f.key.endsWith(suffix))!.body;
  return { geojson: JSON.parse(body('closures.geojson')), wzdx: JSON.parse(body('wzdx.json')), waze: body('waze.xml') };
}

const scopes = { '12900': generate('12900', live.filter((c) => c.lgaCode === '12900')), all: generate('all') };

describe.each(Object.entries(scopes))('the open feeds of %s', (_scope, files) => {
  it('WZDx is valid against the official 4.2 WorkZoneFeed schema', () => {
    const validate = wzdxSchemaValidator();
    expect(validate(files.wzdx), JSON.stringify(validate.errors?.slice(0, 5), null, 1)).toBe(true);
  });

  it('WZDx keeps the specification\'s rules: ids, data source, dates, direction, verification, names, types', () => {
    expect(wzdxViolations(files.wzdx, allClosures)).toEqual([]);
  });

  it('CIFS keeps Google\'s rules: ids, types, "lat lon" polylines, direction, street, times with zone, ROAD_CLOSED', () => {
    expect(cifsViolations(files.waze, allClosures, NOW)).toEqual([]);
  });

  it('the GeoJSON is valid RFC 7946 and names roads, never road classes', () => {
    expect(() => checkGeoJson(JSON.stringify(files.geojson))).not.toThrow();
    expect(files.geojson.features.map((f: any) => f.properties.road)).not.toContain('Secondary road');
  });

  it('every feed closes both directions of every two-way closure it carries', () => {
    expect(bothDirectionsViolations(files, live)).toEqual([]);
  });

  it('carries no reopened, deleted or not yet started closure', () => {
    const gone = [special.reopened, special.deleted, special.aheadSchedule];
    const text = JSON.stringify(files.geojson) + JSON.stringify(files.wzdx) + files.waze;
    for (const c of gone) for (const r of c.regions) expect(text).not.toContain(JSON.stringify(r.geometry.coordinates[0]));
    expect(files.geojson.features.map((f: any) => f.id)).not.toEqual(expect.arrayContaining(gone.map((c) => c.id)));
  });
});

describe('what each feed carries of the set', () => {
  const { wzdx, waze, geojson } = scopes.all;
  const wzdxRoads = new Set(wzdx.features.map((f: any) => JSON.stringify(f.geometry.coordinates)));
  const inWzdx = (c: (typeof live)[number]) => c.regions.some((r) => wzdxRoads.has(JSON.stringify(r.geometry.coordinates)));

  it('GeoJSON: every live closure', () => {
    expect(geojson.features.map((f: any) => f.id).sort()).toEqual(live.map((c) => c.id).sort());
  });

  it('WZDx: the roadworks on named roads, two road events per region', () => {
    const expected = live.filter((c) => c.type === 'roadworks' && c !== special.unnamed);
    expect(live.filter(inWzdx).map((c) => c.id).sort()).toEqual(expected.map((c) => c.id).sort());
    expect(wzdx.features).toHaveLength(expected.reduce((n, c) => n + 2 * c.regions.length, 0));
  });

  it('CIFS: the closed roads with a name, one incident per region', () => {
    const expected = live.filter((c) => c.condition === 'closed' && c !== special.unnamed);
    expect(cifsIncidents(waze)).toHaveLength(expected.reduce((n, c) => n + c.regions.length, 0));
  });
});

describe('the conformance rules catch a broken feed', () => {
  const { wzdx, waze } = scopes.all;

  it('WZDx: a shared id, an end before the start, a verified end, a road class', () => {
    const broken = structuredClone(wzdx);
    broken.features[1].id = broken.features[0].id;
    broken.features[2].properties.end_date = '2000-01-01T00:00:00Z';
    broken.features[3].properties.is_end_date_verified = true;
    broken.features[4].properties.core_details.road_names = ['Secondary road'];
    const found = wzdxViolations(broken, allClosures).join('\n');
    for (const text of ['is not unique', 'is not after start', 'is_end_date_verified', 'is a road class']) expect(found).toContain(text);
  });

  it('CIFS: a hyphenated id, "lon lat", a time without zone', () => {
    const [first] = cifsIncidents(waze);
    const polyline = first.tag('polyline')!;
    const swapped = polyline.split(' ').reduce<string[]>((acc, n, i, all) => (i % 2 ? acc : [...acc, all[i + 1], n]), []).join(' ');
    const broken = waze.replace(`id="${first.id}"`, 'id="a-b"').replace(polyline, swapped).replace(/<starttime>([^<]+)\+00:00</, '<starttime>$1<');
    const found = cifsViolations(broken, allClosures, NOW).join('\n');
    for (const text of ['not alphanumeric', 'is not "lat lon"', 'has no zone']) expect(found).toContain(text);
  });

  it('both directions: one WZDx direction alone', () => {
    const broken = structuredClone(scopes.all);
    broken.wzdx.features = broken.wzdx.features.filter((_: unknown, i: number) => i !== 0);
    expect(bothDirectionsViolations(broken, live).join('\n')).toContain('closes');
  });
});
