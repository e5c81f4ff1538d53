import { describe, expect, it } from 'vitest';
import { CSV_HEADER, evidenceCsv, exportFileName, formatDuration } from '../evidence-export';
import type { Evidence } from '../api/comms';

const evidence: Evidence = {
  lgaCode: '12900', lgaName: 'Forbes', from: 1_764_547_200, to: 1_767_225_600, generated: 1_764_600_000,
  closures: [{
    id: 'c1', type: { value: 'flood', text: 'Flooding' }, condition: 'closed', road: 'Newell Highway', locality: 'Forbes',
    formattedAddress: 'Newell Highway, Forbes, NSW', reason: '=Water "over" the road', firstClosed: 1_764_550_000, reopened: null, durationSeconds: 93_600,
    activities: [{ action: 'created', timestamp: 1_764_550_000, user: { email: 'staff@forbes.example', displayName: null } }], photos: [],
  }],
};

describe('DRFA evidence CSV', () => {
  it('has a header and one quoted row per closure, formulas neutralised', () => {
    const [header, row, end] = evidenceCsv(evidence).split('\r\n');
    expect(header.split(',')).toHaveLength(CSV_HEADER.length);
    expect(row).toContain('"Flooding"');
    expect(row).toContain('"\'=Water ""over"" the road"');
    expect(row).toContain('"Not reopened"');
    expect(row).toContain('"26.0"');
    expect(row).toMatch(/Closed \(staff@forbes.example\)/);
    expect(end).toBe('');
  });

  it('names the files by LGA and range, and durations plainly', () => {
    expect(exportFileName(evidence, 'pdf')).toBe('drfa-evidence-12900-2025-12-01-to-2026-01-01.pdf');
    expect(formatDuration(93_600)).toBe('1 d 2 h 0 min');
  });
});
