// The public shape of a closure, listed once: the map file, the GeoJSON feed and the API all carry
// these fields, in this order, so a field added to one cannot be forgotten in another.
import { describe, expect, it } from 'vitest';
import { presentClosure } from '../../../lambdas/api/closures/present';
import { closuresGeoJson } from '../../../lambdas/core/comms/feeds';
import { buildMapFile } from '../../../lambdas/core/comms/map-file';
import { closureScheduleFields, closureSummaryFields, publicClosureFields } from '../../../lambdas/core/closures/public-fields';
import { closure } from '../comms/fixtures';

const now = 1_764_050_000;
const SUMMARY = ['id', 'lgaCode', 'active', 'condition', 'type', 'reason', 'detour', 'position', 'formattedAddress'];
const SCHEDULE = ['scheduledFor', 'estimatedReopening', 'openedAt'];
const PUBLIC = [...SUMMARY, 'regions', ...SCHEDULE, 'archivedAt', 'deletedAt', 'createdAt', 'updatedAt', 'scheduled'];

describe('public closure fields', () => {
  const c = closure({ detour: 'Use Back Road', estimatedReopening: now + 3600 });

  it('lists the public fields once, in the order the files are written in', () => {
    expect(Object.keys(closureSummaryFields(c))).toEqual(SUMMARY);
    expect(Object.keys(closureScheduleFields(c))).toEqual(SCHEDULE);
    expect(Object.keys(publicClosureFields(c, now))).toEqual(PUBLIC);
    expect(publicClosureFields(c, now)).toMatchObject({ detour: 'Use Back Road', reason: 'Water over the road', scheduledFor: null, scheduled: false });
  });

  it('is what the map file holds of a closure', () => {
    expect(buildMapFile('12900', [c], now).closures[0]).toEqual(publicClosureFields(c, now));
  });

  it('opens every GeoJSON feature, with the regions as their ids and the schedule after the place', () => {
    const [feature] = closuresGeoJson([c], { scope: '12900', publisher: 'Forbes Shire Council', siteUrl: 'https://example.org', now }).features;
    const keys = Object.keys(feature.properties);
    expect(keys.slice(0, SUMMARY.length)).toEqual(SUMMARY);
    expect(keys).toEqual(expect.arrayContaining(SCHEDULE));
    expect(feature.properties).toMatchObject({ ...closureSummaryFields(c), ...closureScheduleFields(c) });
  });

  it('is part of the API closure, which adds the staff-only fields and media', () => {
    const presented = presentClosure(c, now);
    const { regions: _publicRegions, ...rest } = publicClosureFields(c, now);
    expect(presented).toMatchObject(rest);
    expect(presented.regions).toEqual([{ id: 'r1', geometry: JSON.stringify(c.regions[0].geometry), drawnByHand: false, createdAt: 1, updatedAt: 1 }]);
    expect(Object.keys(presented)).toEqual(expect.arrayContaining(['geohash', 'nearestLocation', 'subscriberCount', 'view', 'clusterId', 'mediaIds', 'media', 'version']));
  });
});
