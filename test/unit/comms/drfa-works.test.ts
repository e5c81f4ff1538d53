// Works and costs of a DRFA claim: chainage and entry inputs, device-days, the totals sheet, and
// how the pack writes what an update changed.
import { describe, expect, it } from 'vitest';
import { RoadSegmentInput, WorkEntryInput, deviceDays, workTotals } from '../../../lambdas/core/drfa/works';
import { changesText, csvCell } from '../../../lambdas/core/drfa/pack-format';

const issues = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('road segment and chainage', () => {
  it('takes kilometres to the metre, both or neither, the end not before the start', () => {
    expect(RoadSegmentInput.parse({ closureId: 'c', roadSegmentId: ' NEWELL-0412 ', chainageStartKm: 12.35, chainageEndKm: 12.35 })).toMatchObject({ roadSegmentId: 'NEWELL-0412', chainageStartKm: 12.35 });
    expect(RoadSegmentInput.parse({ closureId: 'c', roadSegmentId: '' }).roadSegmentId).toBeUndefined();
    expect(issues(RoadSegmentInput.safeParse({ closureId: 'c', chainageStartKm: 12.35, chainageEndKm: 12.349 }))).toEqual(['The end chainage cannot be before the start chainage']);
    expect(issues(RoadSegmentInput.safeParse({ closureId: 'c', chainageEndKm: 1 }))).toEqual(['Give both the start and end chainage, or neither']);
    expect(issues(RoadSegmentInput.safeParse({ closureId: 'c', chainageStartKm: 0.0001, chainageEndKm: 1 }))).toEqual(['Chainage is kept to the metre: at most three decimals, e.g. 12.350']);
    expect(issues(RoadSegmentInput.safeParse({ closureId: 'c', roadSegmentId: '<script>' }))).toHaveLength(1);
  });
});

describe('works entries', () => {
  const base = { closureId: 'c', id: 'entry-0001' };
  it('asks for what each kind needs', () => {
    expect(issues(WorkEntryInput.safeParse({ ...base, kind: 'traffic_control', fromDay: '2026-11-20' }))).toEqual(['Give the number of devices', 'Give the last day the devices stood']);
    expect(issues(WorkEntryInput.safeParse({ ...base, kind: 'labour', hours: 7.125, fromDay: '2026-11-20' }))).toEqual(['Hours is kept to two decimals, e.g. 7.25']);
    expect(issues(WorkEntryInput.safeParse({ ...base, kind: 'cost', amountCents: 100, costKind: 'bribes', fromDay: '2026-11-20' }))).toEqual(['Choose what the cost was for']);
    expect(WorkEntryInput.safeParse({ ...base, kind: 'cost', amountCents: 100, costKind: 'materials', fromDay: '2026-11-20' }).success).toBe(true);
  });

  it('counts device-days with both days and adds the totals up by kind', () => {
    expect(deviceDays({ kind: 'traffic_control', devices: 3, fromDay: '2026-11-30', toDay: '2026-12-02' })).toBe(9);
    const totals = workTotals([
      { kind: 'traffic_control', devices: 3, fromDay: '2026-11-20', toDay: '2026-11-22' },
      { kind: 'labour', hours: 7.5 },
      { kind: 'labour', hours: 0.1 },
      { kind: 'labour', hours: 0.2 },
      { kind: 'plant', hours: 4 },
      { kind: 'cost', amountCents: 123_450, costKind: 'contractor' },
      { kind: 'cost', amountCents: 50, costKind: 'contractor' },
    ]);
    expect(totals).toMatchObject({ labourHours: 7.8, plantHours: 4, deviceDays: 9, costCents: 123_500, entries: 7 });
    expect(totals.costs[0]).toEqual({ kind: 'contractor', amountCents: 123_500 });
    expect(totals.costs.map((c) => c.kind)).toEqual(['contractor', 'materials', 'plant_hire', 'traffic_control', 'wages', 'other']);
  });
});

describe('the pack\'s words', () => {
  it('says what an update changed, in the council\'s time', () => {
    const text = changesText({ condition: { from: 'closed', to: 'changed' }, estimatedReopening: { from: null, to: 1_795_000_000 }, reason: { from: 'Flood', to: 'Flood, bridge damaged' } }, 'Australia/Sydney');
    expect(text).toBe('condition closed → changed conditions; estimated reopening none → ' + new Date(1_795_000_000_000).toLocaleString('en-AU', { timeZone: 'Australia/Sydney', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }) + '; reason "Flood" → "Flood, bridge damaged"');
  });

  it('never lets a spreadsheet run a cell', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell(-33.3)).toBe('-33.3');
  });
});
