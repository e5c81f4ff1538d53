// The open feeds' mapping from a closure to each feed's terms (docs/feeds.md): road names, the two
// directions, dates and their verification, event types and vehicle impacts, stable ids, and the
// files. Conformance to the specifications is in feeds-conformance.test.ts.
import { describe, expect, it } from 'vitest';
import { cifsIncidentId, closuresGeoJson, feedFiles, wazeFeed, wzdxFeed, wzdxRoadEventId } from '../../../lambdas/core/comms/feeds';
import { uuidV5 } from '../../../lambdas/core/comms/feeds/ids';
import { publicRoadName, vehicleImpactOf } from '../../../lambdas/core/comms/feeds/terms';
import { closure } from './fixtures';
import { cifsIncidents, wzdxSchemaValidator } from './feeds-conformance/rules';

const ctx = { scope: '12900', publisher: 'Forbes', siteUrl: 'https://roads.example', now: 1_764_050_000 };
const works = closure({ id: 'c2', type: 'roadworks', reason: 'Pavement rehabilitation', detour: 'Via Back Yamma Road', estimatedReopening: 1_764_200_000 });
const closures = [
  closure(),
  works,
  closure({ id: 'c3 <&>', type: 'event', reason: 'Show & shine "parade"', detour: 'Via Lachlan & Court Streets' }),
];

describe('ids', () => {
  it('are name-based UUIDs (version 5, RFC 4122 test vector)', () => {
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('are stable, and differ per closure, region and direction; CIFS ids are letters and digits', () => {
    expect(wzdxRoadEventId('c1', 'r1', 'as-drawn')).toBe(wzdxRoadEventId('c1', 'r1', 'as-drawn'));
    const ids = new Set([wzdxRoadEventId('c1', 'r1', 'as-drawn'), wzdxRoadEventId('c1', 'r1', 'reverse'), wzdxRoadEventId('c1', 'r2', 'as-drawn'), wzdxRoadEventId('c2', 'r1', 'as-drawn')]);
    expect(ids.size).toBe(4);
    expect(cifsIncidentId('c1', 'r1')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('road names', () => {
  it('are the road\'s name or route number, never its class', () => {
    expect(publicRoadName({ nearestLocation: { name: 'Newell Highway', location: { lat: 0, lng: 0 }, distance: 1 } })).toBe('Newell Highway');
    expect(publicRoadName({ nearestLocation: { name: 'A39', location: { lat: 0, lng: 0 }, distance: 1 } })).toBe('A39');
    const unnamed = { name: 'Secondary road', location: { lat: 0, lng: 0 }, distance: 1 };
    expect(publicRoadName({ nearestLocation: unnamed, formattedAddress: 'Back Yamma Road, Bedgerebong, NSW' })).toBe('Back Yamma Road');
    expect(publicRoadName({ nearestLocation: unnamed, formattedAddress: 'Forbes, NSW' })).toBeNull();
  });

  it('a closure on a road with no name is in the GeoJSON only', () => {
    const unnamed = closure({ type: 'roadworks', nearestLocation: { name: 'Street', location: { lat: 0, lng: 0 }, distance: 1 }, formattedAddress: 'Forbes, NSW' });
    expect(closuresGeoJson([unnamed], ctx).features[0].properties.road).toBeNull();
    expect(wzdxFeed([unnamed], ctx).features).toEqual([]);
    expect(cifsIncidents(wazeFeed([unnamed], ctx))).toEqual([]);
  });
});

describe('WZDx 4.2 WorkZoneFeed', () => {
  const validate = wzdxSchemaValidator();

  it('has the roadworks only, as a work zone in each direction, geometry ordered in its direction', () => {
    const feed = wzdxFeed(closures, ctx);
    expect(validate(feed), JSON.stringify(validate.errors, null, 1)).toBe(true);
    const [along, back] = feed.features;
    expect(feed.features).toHaveLength(2);
    expect(along.geometry.coordinates).toEqual(works.regions[0].geometry.coordinates);
    expect(back.geometry.coordinates).toEqual([...works.regions[0].geometry.coordinates].reverse());
    expect(along.properties.core_details).toMatchObject({ event_type: 'work-zone', direction: 'undefined', road_names: ['Newell Highway'], related_road_events: [{ type: 'related-work-zone', id: back.id }] });
    expect(along.properties.core_details.description).toBe('Pavement rehabilitation Detour: Via Back Yamma Road');
    expect(along.properties).toMatchObject({ vehicle_impact: 'all-lanes-closed', end_date: '2025-11-26T23:33:20Z', is_end_date_verified: false, is_start_date_verified: true });
  });

  it('with no reopening expected, ends a week after the feed, unverified, and says so', () => {
    for (const estimatedReopening of [undefined, ctx.now - 3600]) {
      const [event] = wzdxFeed([closure({ type: 'roadworks', createdAt: ctx.now - 60, estimatedReopening })], ctx).features;
      expect(event.properties.end_date).toBe(new Date((ctx.now + 7 * 86_400) * 1000).toISOString().replace('.000', ''));
      expect(event.properties.core_details.description).toBe('Water over the road Reopening time not known.');
    }
  });

  it('has no description when there is nothing to say', () => {
    const [event] = wzdxFeed([closure({ type: 'roadworks', reason: undefined, estimatedReopening: ctx.now + 3600 })], ctx).features;
    expect('description' in event.properties.core_details).toBe(false);
  });

  it('a scheduled closure\'s start is not verified', () => {
    const [event] = wzdxFeed([closure({ type: 'roadworks', scheduledFor: ctx.now - 60 })], ctx).features;
    expect(event.properties.is_start_date_verified).toBe(false);
  });

  it('an empty feed is valid too', () => {
    expect(validate(wzdxFeed([], ctx))).toBe(true);
  });
});

describe('vehicle impact of a road open with changes, from what staff wrote', () => {
  const changed = (reason: string) => vehicleImpactOf(closure({ type: 'roadworks', condition: 'changed', reason }));
  it.each([
    ['Single lane with traffic lights, expect delays', 'temporary-traffic-signal'],
    ['Stop/slow traffic control in place', 'flagging'],
    ['Single lane, alternating', 'alternating-one-way'],
    ['Left lane closed', 'some-lanes-closed'],
    ['Works on the verge', 'unknown'],
  ])('%s: %s', (reason, impact) => {
    expect(changed(reason)).toBe(impact);
  });
});

describe('Waze partner closures feed (CIFS)', () => {
  const xml = wazeFeed(closures, ctx);

  it('lists closed roads, one incident per region, both directions, with the description escaped', () => {
    expect(cifsIncidents(xml).map((i) => i.id)).toEqual([cifsIncidentId('c1', 'r1'), cifsIncidentId('c2', 'r1'), cifsIncidentId('c3 <&>', 'r1')]);
    expect(cifsIncidents(xml).map((i) => i.tag('subtype'))).toEqual(['ROAD_CLOSED_HAZARD', 'ROAD_CLOSED_CONSTRUCTION', 'ROAD_CLOSED_EVENT']);
    expect(wazeFeed(closures, { ...ctx, now: ctx.now + 999 })).toBe(xml);
    expect(xml).toContain('Show &amp; shine &quot;parade&quot; Detour: Via Lachlan &amp; Court Streets');
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it('leaves out a road open with changes, and a reopening time already passed', () => {
    const overdue = closure({ estimatedReopening: ctx.now - 60 });
    const incidents = cifsIncidents(wazeFeed([overdue, closure({ id: 'c9', condition: 'changed' })], ctx));
    expect(incidents).toHaveLength(1);
    const [incident] = incidents;
    expect(incident.tag('endtime')).toBeUndefined();
    expect(incident.tag('starttime')).toBe('2025-11-24T16:00:00+00:00');
  });
});

describe('closures GeoJSON', () => {
  it('is a FeatureCollection with what the map panel shows and both directions closed', () => {
    const geo = closuresGeoJson(closures, ctx);
    const f = geo.features[0];
    expect(f.geometry.type).toBe('MultiLineString');
    expect(f.geometry.coordinates[0][0]).toEqual([147.92986, -33.42686]);
    expect(geo.features[2].properties.detour).toBe('Via Lachlan & Court Streets');
    expect(f.properties).toMatchObject({ detour: null, id: 'c1', condition: 'closed', type: { value: 'flood', text: 'Flooding' }, road: 'Newell Highway', locality: 'Forbes', directions: 'both', url: 'https://roads.example/map?closure=c1' });
  });

  it('names the three files by their public paths', () => {
    expect(feedFiles(closures, ctx).map((f) => f.key)).toEqual(['feeds/12900/closures.geojson', 'feeds/12900/wzdx.json', 'feeds/12900/waze.xml']);
  });
});
