import { describe, expect, it } from 'vitest';
import { CSV_HEADER, changesText, evidenceCsv, evidenceGeoJson, exportFileName, formatDuration, formatWhen } from '../evidence-export';
import type { Evidence } from '../api/comms';

const H = 3600;
const evidence: Evidence = {
  lgaCode: '12900', lgaName: 'Forbes', from: 1_764_507_600, to: 1_767_185_999, generated: 1_764_600_000, timeZone: 'Australia/Sydney', event: null,
  closures: [{
    id: 'c1', type: { value: 'flood', text: 'Flooding' }, condition: 'closed', road: 'Newell Highway', locality: 'Forbes',
    formattedAddress: 'Newell Highway, Forbes, NSW', reason: '=Water "over" the road', detour: 'Use the Lachlan Valley Way',
    firstClosed: 1_764_550_000, reopened: null, closedUntil: null, deletedAt: null,
    start: { lat: -33.42686, lng: 147.92986 }, end: { lat: -33.416541, lng: 147.944298 }, lengthMetres: 1776,
    geometry: JSON.stringify({ type: 'MultiLineString', coordinates: [[[147.92986, -33.42686], [147.944298, -33.416541]]] }),
    periods: [{ condition: 'changed', from: 1_764_550_000, until: 1_764_550_000 + 2 * H }, { condition: 'closed', from: 1_764_550_000 + 2 * H, until: null }],
    closedSeconds: 26 * H, changedSeconds: 2 * H, durationSeconds: 28 * H,
    activities: [
      { action: 'created', timestamp: 1_764_550_000, user: { email: 'staff@forbes.example', displayName: null }, payload: null },
      { action: 'updated', timestamp: 1_764_557_200, user: { email: 'staff@forbes.example', displayName: null }, payload: JSON.stringify({ condition: { from: 'changed', to: 'closed' }, reason: { from: 'a', to: 'b' } }) },
    ],
    photos: [],
  }],
};

describe('DRFA evidence CSV', () => {
  it('has a header and one quoted row per closure, formulas neutralised', () => {
    const [header, row, end] = evidenceCsv(evidence).split('\r\n');
    expect(header.split(',')).toHaveLength(CSV_HEADER.length);
    expect(row).toContain('"Flooding"');
    expect(row).toContain('"\'=Water ""over"" the road"');
    expect(row).toContain('"Still in effect"');
    expect(row).toContain('"26.0","2.0"');
    expect(row).toContain('"Use the Lachlan Valley Way"');
    expect(row).toMatch(/Recorded \(staff@forbes.example\)/);
    expect(end).toBe('');
  });

  it('counts changed conditions apart from closed time and says what an update changed', () => {
    const row = evidenceCsv(evidence).split('\r\n')[1];
    expect(row).toContain('Changed conditions 01/12/2025, 11:46 to 01/12/2025, 13:46; Closed 01/12/2025, 13:46 to now');
    expect(row).toContain('Updated: condition changed conditions → closed; reason (staff@forbes.example)');
    expect(changesText('not json', 'Australia/Sydney')).toBe('');
  });

  it('writes every time in the council\'s zone and names it', () => {
    const perth = { ...evidence, lgaCode: '57080', timeZone: 'Australia/Perth' };
    expect(evidenceCsv(perth).split('\r\n')[1]).toContain('"01/12/2025, 08:46"');
    expect(evidenceCsv(perth).split('\r\n')[1].endsWith('"Australia/Perth"')).toBe(true);
    expect(formatWhen(1_764_550_000, 'Australia/Sydney')).toBe('01/12/2025, 11:46');
  });

  it('gives each closure\'s start and end coordinates and length, and its lines as GeoJSON', () => {
    expect(evidenceCsv(evidence).split('\r\n')[1]).toContain('"-33.42686","147.92986","-33.416541","147.944298","1776"');
    expect(evidenceCsv({ ...evidence, closures: [{ ...evidence.closures[0], roadSegmentId: 'NEWELL-0412', chainageStartKm: 12.35, chainageEndKm: 13.1 }] }).split('\r\n')[1]).toContain('"1776","NEWELL-0412","12.35","13.1"');
    const geo = JSON.parse(evidenceGeoJson(evidence));
    expect(geo.features[0]).toMatchObject({ type: 'Feature', id: 'c1', geometry: { type: 'MultiLineString' }, properties: { lengthMetres: 1776, closedHours: 26, changedConditionsHours: 2 } });
  });

  it('names the event and its AGRN in each row and the file name', () => {
    const flood = { ...evidence, event: { id: 'e1', name: 'Lachlan River flood', agrn: '1034', startDay: '2025-11-28', endDay: null, measures: [] } };
    expect(evidenceCsv(flood).split('\r\n')[1]).toContain('"Lachlan River flood","AGRN 1034"');
    expect(exportFileName(flood, 'csv')).toBe('drfa-evidence-12900-agrn-1034-2025-12-01-to-2025-12-31.csv');
  });

  it('names the files by LGA and the council\'s days, and durations plainly', () => {
    expect(exportFileName(evidence, 'pdf')).toBe('drfa-evidence-12900-2025-12-01-to-2025-12-31.pdf');
    expect(formatDuration(93_600)).toBe('1 d 2 h 0 min');
  });
});
