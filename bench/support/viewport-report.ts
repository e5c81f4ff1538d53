// The viewport benchmark's printed tables: one row per closure count and viewport kind, and where
// the items each query read went.
import { against, type Figure } from './report';
import type { Breakdown } from './viewport-model';

export interface Row {
  size: number;
  view: string;
  queries: number;
  cells: number[];
  times: number[];
  read: number[];
  returned: number[];
  strategies: Set<string>;
  zoomIn: number;
  breakdowns: Breakdown[];
}

export const newRow = (size: number, view: string): Row => ({
  size,
  view,
  queries: 0,
  cells: [],
  times: [],
  read: [],
  returned: [],
  strategies: new Set(),
  zoomIn: 0,
  breakdowns: [],
});

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const mean = (values: number[]) => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : NaN);
const fmt = (n: number, digits = 1) => (Number.isNaN(n) ? '-' : n.toFixed(digits));
const lead = (size: number | string, view: string) => `${String(size).padStart(8)}  ${view.padEnd(19)}`;

export function latencyTable(rows: readonly Row[]): string[] {
  const header =
    lead('closures', 'viewport') +
    'queries'.padStart(8) +
    'cells'.padStart(11) +
    'p50 ms'.padStart(9) +
    'p95 ms'.padStart(9) +
    'items read (mean)'.padStart(19) +
    'max'.padStart(7) +
    'returned (mean)'.padStart(17) +
    'read/returned'.padStart(15) +
    '  strategy';
  return [
    header,
    ...rows.map((r) => {
      const sorted = [...r.times].sort((a, b) => a - b);
      const cells = r.cells.length ? `${fmt(mean(r.cells))} (≤${Math.max(...r.cells)})` : '-';
      const read = mean(r.read);
      const returned = mean(r.returned);
      // A "zoom in" answer comes only from the per-LGA fallback.
      const strategy = [...r.strategies].join('+') || 'lgas';
      return (
        lead(r.size, r.view) +
        String(r.queries).padStart(8) +
        cells.padStart(11) +
        fmt(percentile(sorted, 50)).padStart(9) +
        fmt(percentile(sorted, 95)).padStart(9) +
        fmt(read).padStart(19) +
        (r.read.length ? String(Math.max(...r.read)) : '-').padStart(7) +
        fmt(returned).padStart(17) +
        (returned > 0 ? `${fmt(read / returned)}x` : '-').padStart(15) +
        `  ${strategy}${r.zoomIn ? ` (${r.zoomIn}/${r.queries} "zoom in")` : ''}`
      );
    }),
  ];
}

const PARTS: [string, keyof Breakdown][] = [
  ['shown', 'shown'],
  ['visible, outside view', 'outsideView'],
  ['scheduled (hidden)', 'notOnMap'],
  ['pointer items', 'cellItems'],
  ['batch-got', 'batchGot'],
];
const width = (title: string) => Math.max(title.length, 14) + 2;

export function breakdownTable(rows: readonly Row[]): string[] {
  return [
    lead('', '') + PARTS.map(([title]) => title.padStart(width(title))).join(''),
    ...rows
      .filter((r) => r.breakdowns.length > 0 && mean(r.read) > 0)
      .map((r) => {
        const total = mean(r.read);
        return (
          lead(r.size, r.view) +
          PARTS.map(([title, key]) => {
            const part = mean(r.breakdowns.map((b) => b[key]));
            return `${fmt(part)} (${fmt((100 * part) / total, 0)}%)`.padStart(width(title));
          }).join('')
        );
      }),
  ];
}

/** Targets: items read per item returned ≤ 3× (town and council views, largest size); p50 from the smallest to the largest size grows ≤ 1.5×. */
export const READ_RATIO_TARGET = 3;
export const P50_GROWTH_TARGET = 1.5;
const TARGET_VIEWS = ['town 5 km', 'council 40 km'];

export function targetLines(rows: readonly Row[]): string[] {
  const sizes = [...new Set(rows.map((r) => r.size))].sort((a, b) => a - b);
  if (sizes.length === 0) return [];
  const [small, large] = [sizes[0], sizes[sizes.length - 1]];
  const find = (size: number, view: string) => rows.find((r) => r.size === size && r.view === view);
  const p50 = (r: Row) => percentile([...r.times].sort((a, b) => a - b), 50);
  const verdict = (ok: boolean) => (ok ? 'holds' : 'MISSED');
  const lines = ['  targets:'];
  for (const view of TARGET_VIEWS) {
    const big = find(large, view);
    const little = find(small, view);
    if (!big || !little) continue;
    const ratio = mean(big.read) / mean(big.returned);
    const growth = p50(big) / p50(little);
    lines.push(
      `    ${view.padEnd(14)} items read / returned at ${large}: ${fmt(ratio)}x (target <= ${READ_RATIO_TARGET}x: ${verdict(ratio <= READ_RATIO_TARGET)}); ` +
        `p50 ${fmt(p50(little))} ms at ${small} -> ${fmt(p50(big))} ms at ${large} = ${fmt(growth, 2)}x (target <= ${P50_GROWTH_TARGET}x: ${verdict(growth <= P50_GROWTH_TARGET)})`,
    );
  }
  return lines;
}

/** The same targets as rows for docs/performance.md: read / returned and p50 growth, per target view. */
export function targetFigures(rows: readonly Row[]): Figure[] {
  const sizes = [...new Set(rows.map((r) => r.size))].sort((a, b) => a - b);
  if (sizes.length === 0) return [];
  const [small, large] = [sizes[0], sizes[sizes.length - 1]];
  const find = (size: number, view: string) => rows.find((r) => r.size === size && r.view === view);
  const p50 = (r: Row) => percentile([...r.times].sort((a, b) => a - b), 50);
  const figures: Figure[] = [];
  for (const view of TARGET_VIEWS) {
    const big = find(large, view);
    const little = find(small, view);
    if (!big || !little) continue;
    const ratio = mean(big.read) / mean(big.returned);
    const growth = p50(big) / p50(little);
    figures.push(
      against(`${view}: items read / returned at ${large.toLocaleString('en-AU')} closures`, `${fmt(ratio)}×`, `≤ ${READ_RATIO_TARGET}×`, ratio <= READ_RATIO_TARGET),
      against(
        `${view}: p50 growth from ${small.toLocaleString('en-AU')} to ${large.toLocaleString('en-AU')} closures`,
        `${fmt(p50(little))} → ${fmt(p50(big))} ms = ${fmt(growth, 2)}×`,
        `≤ ${P50_GROWTH_TARGET}×`,
        growth <= P50_GROWTH_TARGET,
      ),
    );
  }
  return figures;
}
