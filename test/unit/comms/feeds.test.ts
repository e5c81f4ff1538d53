// The open feeds: WZDx 4.2 validated against the official schemas (vendored, offline), the Waze
// CIFS rules (polyline of at least two points, ISO 8601 times, stable ids) and the GeoJSON.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { closuresGeoJson, feedFiles, wazeFeed, wzdxFeed } from '../../../lambdas/core/comms/feeds';
import { closure } from './fixtures';

const SCHEMAS = join(__dirname, '../../fixtures/wzdx-4.2');
const position = { type: 'array', minItems: 2, items: { type: 'number' } };

function wzdxValidator() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const file of readdirSync(SCHEMAS).filter((f) => f.endsWith('.json'))) ajv.addSchema(JSON.parse(readFileSync(join(SCHEMAS, file), 'utf8')));
  // RFC 7946 geometries under the ids the WZDx schema refers to.
  ajv.addSchema({ $id: 'https://geojson.org/schema/LineString.json', type: 'object', required: ['type', 'coordinates'], properties: { type: { enum: ['LineString'] }, coordinates: { type: 'array', minItems: 2, items: position } } });
  ajv.addSchema({ $id: 'https://geojson.org/schema/MultiPoint.json', type: 'object', required: ['type', 'coordinates'], properties: { type: { enum: ['MultiPoint'] }, coordinates: { type: 'array', items: position } } });
  return ajv.getSchema('https://raw.githubusercontent.com/usdot-jpo-ode/wzdx/main/schemas/4.2/WorkZoneFeed.json')!;
}

const ctx = { scope: '12900', publisher: 'Forbes', siteUrl: 'https://roads.example', now: 1_764_050_000 };
const closures = [
  closure(),
  closure({ id: 'c2', condition: 'changed', type: 'roadworks', reason: undefined, estimatedReopening: 1_764_200_000, formattedAddress: 'Back Yamma Road, Bedgerebong, NSW', nearestLocation: undefined }),
  closure({ id: 'c3 <&>', type: 'event', reason: 'Show & shine "parade"', detour: 'Via Lachlan & Court Streets' }),
];

describe('WZDx 4.2 WorkZoneFeed', () => {
  const validate = wzdxValidator();

  it('is valid against the official schema', () => {
    const feed = wzdxFeed(closures, ctx);
    expect(validate(feed), JSON.stringify(validate.errors, null, 1)).toBe(true);
    expect(feed.features).toHaveLength(3);
  });

  it('describes the closure with its reason and detour', () => {
    const [, changed, event] = wzdxFeed(closures, ctx).features;
    expect(event.properties.core_details.description).toBe('Show & shine "parade" Detour: Via Lachlan & Court Streets');
    expect('description' in changed.properties.core_details).toBe(false);
  });

  it('an empty feed is valid too', () => {
    expect(validate(wzdxFeed([], ctx))).toBe(true);
  });

  it('the schema check catches a broken feed', () => {
    const feed = wzdxFeed(closures, ctx) as any;
    feed.features[0].properties.vehicle_impact = 'road-gone';
    expect(validate(feed)).toBe(false);
  });

  it('maps closed to all lanes closed and changed to some lanes closed', () => {
    const [closed, changed] = wzdxFeed(closures, ctx).features;
    expect(closed.properties.vehicle_impact).toBe('all-lanes-closed');
    expect(changed.properties.vehicle_impact).toBe('some-lanes-closed');
    expect(changed.properties.work_zone_type).toBe('static');
    expect(changed.properties.end_date).toBe('2025-11-26T23:33:20Z');
    expect(closed.properties.is_end_date_verified).toBe(false);
  });
});

describe('Waze partner closures feed (CIFS)', () => {
  const xml = wazeFeed(closures, ctx);
  const incidents = [...xml.matchAll(/<incident id="([^"]+)">([\s\S]*?)<\/incident>/g)];

  it('lists closed roads only, each with a stable id', () => {
    expect(incidents.map((m) => m[1])).toEqual(['c1-r1', 'c3 &lt;&amp;&gt;-r1']);
    expect(wazeFeed(closures, { ...ctx, now: ctx.now + 999 })).toBe(xml);
  });

  it('follows the CIFS rules: ROAD_CLOSED, both directions, polyline ≥ 2 points, ISO 8601 times', () => {
    for (const [, , body] of incidents) {
      expect(body).toContain('<type>ROAD_CLOSED</type>');
      expect(body).toContain('<direction>BOTH_DIRECTIONS</direction>');
      const numbers = body.match(/<polyline>([^<]+)<\/polyline>/)![1].trim().split(/\s+/).map(Number);
      expect(numbers.length % 2).toBe(0);
      expect(numbers.length / 2).toBeGreaterThanOrEqual(2);
      expect(numbers.every(Number.isFinite)).toBe(true);
      // lat first: Forbes is near -33, 148.
      expect(numbers[0]).toBeLessThan(0);
      for (const [, time] of body.matchAll(/<(?:starttime|creationtime|updatetime|endtime)>([^<]+)</g)) {
        expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      }
    }
    expect(xml).toContain('Show &amp; shine &quot;parade&quot; Detour: Via Lachlan &amp; Court Streets');
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });
});

describe('closures GeoJSON', () => {
  it('is an RFC 7946 FeatureCollection with what the map panel shows', () => {
    const geo = closuresGeoJson(closures, ctx);
    expect(geo.type).toBe('FeatureCollection');
    const f = geo.features[0];
    expect(f.geometry.type).toBe('MultiLineString');
    expect(f.geometry.coordinates[0][0]).toEqual([147.92986, -33.42686]);
    expect(geo.features[2].properties.detour).toBe('Via Lachlan & Court Streets');
    expect(f.properties).toMatchObject({ detour: null, id: 'c1', condition: 'closed', type: { value: 'flood', text: 'Flooding' }, road: 'Newell Highway', locality: 'Forbes', url: 'https://roads.example/map?closure=c1' });
  });

  it('names the three files by their public paths', () => {
    expect(feedFiles(closures, ctx).map((f) => f.key)).toEqual(['feeds/12900/closures.geojson', 'feeds/12900/wzdx.json', 'feeds/12900/waze.xml']);
  });
});
