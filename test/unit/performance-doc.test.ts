// docs/performance.md is written from a bench run: a rerun of some sections replaces only their
// tables, keeps the others as their last run left them, and every figure sits beside its target.
import { describe, expect, it } from 'vitest';
import { figureTable, performanceDoc, renderSection, sectionBlocks, type MeasuredSection } from '../../bench/support/performance-doc';
import { against, plain } from '../../bench/support/report';

const SECTIONS = [
  { key: 'routing', title: 'Road engine' },
  { key: 'fanout', title: 'Notification fan-out' },
  { key: 'outbox', title: 'Local outbox' },
];

const measured = (key: string, title: string, date: string, figures = [plain('route, p50', '0.29 ms')]): MeasuredSection => ({
  key,
  title,
  report: { printed: 'not written to the doc', inputs: 'synthetic pairs', figures },
  context: { date, machine: 'Test CPU, 2 cores, 24 GiB memory', node: 'v20.20.2', commit: 'abc1234' },
  load: { start: 2.5, end: 3.1 },
  seconds: 42,
});

describe('performance doc', () => {
  it('puts each figure beside its target and says whether it holds', () => {
    expect(figureTable([against('notifications per second', '1,518/s', '≥ 1,000/s', true), against('ceiling / fan-out', '1.34×', 'within 1.3×', false), plain('route | p50', '0.29 ms')])).toEqual([
      '| figure | measured | target | holds |',
      '| --- | --- | --- | --- |',
      '| notifications per second | 1,518/s | ≥ 1,000/s | holds |',
      '| ceiling / fan-out | 1.34× | within 1.3× | **missed** |',
      '| route \\| p50 | 0.29 ms | — | — |',
    ]);
  });

  it("names the run's date, commit, machine, Node version and load average above the table", () => {
    const block = renderSection(measured('routing', 'Road engine', '2026-11-28 09:00 UTC'));
    expect(block).toContain('2026-11-28 09:00 UTC · commit abc1234 · Test CPU, 2 cores, 24 GiB memory · Node v20.20.2 · load average 2.5 at start, 3.1 at end');
    expect(block).toContain('Inputs: synthetic pairs');
    expect(block).not.toContain('not written to the doc');
  });

  it('rewrites only the sections run, keeps the others from the previous file, and marks the never-run', () => {
    const first = performanceDoc(SECTIONS, [measured('routing', 'Road engine', '2026-11-27 09:00 UTC'), measured('fanout', 'Notification fan-out', '2026-11-27 09:05 UTC')], '');
    const second = performanceDoc(SECTIONS, [measured('routing', 'Road engine', '2026-11-28 09:00 UTC', [plain('route, p50', '0.31 ms')])], first);

    const blocks = sectionBlocks(second);
    expect([...blocks.keys()]).toEqual(['routing', 'fanout', 'outbox']);
    expect(blocks.get('routing')).toContain('2026-11-28 09:00 UTC');
    expect(blocks.get('routing')).toContain('0.31 ms');
    expect(blocks.get('routing')).not.toContain('0.29 ms');
    expect(blocks.get('fanout')).toBe(sectionBlocks(first).get('fanout'));
    expect(blocks.get('outbox')).toContain('Not measured yet: `npm run bench -- --write outbox`.');
    // Written twice from the same rows, the file is the same: nothing accumulates.
    expect(performanceDoc(SECTIONS, [], second)).toBe(second);
    expect(second.match(/^# Performance$/gm)).toHaveLength(1);
  });
});
