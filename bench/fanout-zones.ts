// Watch-zone matching (docs/alerts.md#watch-zones): one closure change against 10,000 watch zones
// around NSW's towns, seeded so every run draws the same ones; timed from the zones in memory to
// the list of zones the closure meets (the grid index built, then the closure matched), as the
// alert consumers do per event once the zones near the closure are read. Printed within
// `npm run bench -- fanout`; on its own: npx tsx bench/fanout-zones.ts
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WatchZoneIndex, zoneShapeProblem, type ZoneShape } from '../lambdas/core/alerts/watch-zones';
import type { LineStringGeometry, Position } from '../lambdas/core/closures/types';
import { against, count, plain, type SectionReport } from './support/report';

export const ZONES = Number(process.env.BENCH_ZONES ?? 10_000);
const TARGET_SECONDS = 1;
const RUNS = 5;

/** Where people live in NSW: zones crowd around these (Sydney most). */
const TOWNS: [name: string, lng: number, lat: number, weight: number][] = [
  ['Sydney', 151.05, -33.85, 40],
  ['Newcastle', 151.75, -32.93, 8],
  ['Wollongong', 150.88, -34.42, 6],
  ['Central Coast', 151.34, -33.42, 6],
  ['Dubbo', 148.6, -32.25, 4],
  ['Forbes', 148.01, -33.385, 4],
  ['Wagga Wagga', 147.37, -35.11, 4],
  ['Albury', 146.92, -36.08, 4],
  ['Tamworth', 150.93, -31.09, 4],
  ['Orange', 149.1, -33.28, 4],
  ['Coffs Harbour', 153.11, -30.3, 4],
  ['Lismore', 153.28, -28.81, 4],
  ['Broken Hill', 141.47, -31.95, 2],
  ['Bega', 149.84, -36.67, 2],
  ['Moree', 149.84, -29.47, 2],
  ['Griffith', 146.04, -34.29, 2],
];

/** A small seeded generator (mulberry32): the same zones every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KM_LAT = 1 / 110.574;
const kmLng = (lat: number) => 1 / (111.32 * Math.cos((lat * Math.PI) / 180));

/** Half circles of 1 to 25 km, half polygons of 3 to 12 corners up to 20 km from their centre, all valid. */
export function seededZones(n = ZONES, seed = 27): { key: string; shape: ZoneShape }[] {
  const random = seeded(seed);
  const total = TOWNS.reduce((sum, t) => sum + t[3], 0);
  const zones: { key: string; shape: ZoneShape }[] = [];
  while (zones.length < n) {
    let pick = random() * total;
    const town = TOWNS.find((t) => (pick -= t[3]) < 0) ?? TOWNS[0];
    // Within about 40 km of the town.
    const center: Position = [town[1] + (random() - 0.5) * 0.8, town[2] + (random() - 0.5) * 0.7];
    let shape: ZoneShape;
    if (random() < 0.5) {
      shape = { kind: 'circle', center, radiusM: 1000 + random() * 24_000 };
    } else {
      const corners = 3 + Math.floor(random() * 10);
      const angles = Array.from({ length: corners }, () => random() * 2 * Math.PI).sort((a, b) => a - b);
      const reach = 1 + random() * 19;
      shape = {
        kind: 'polygon',
        ring: angles.map((angle): Position => {
          const km = reach * (0.5 + random() * 0.5);
          return [center[0] + Math.cos(angle) * km * kmLng(center[1]), center[1] + Math.sin(angle) * km * KM_LAT];
        }),
      };
    }
    if (!zoneShapeProblem(shape)) zones.push({ key: `zone-${zones.length}`, shape });
  }
  return zones;
}

/** A closure through the crowded middle: 12 km of road across western Sydney, 200 vertices. */
export function crowdedClosure(): LineStringGeometry[] {
  const coordinates = Array.from({ length: 200 }, (_, i): Position => [150.95 + (i / 199) * 0.13, -33.83 - Math.sin(i / 20) * 0.01]);
  return [{ type: 'LineString', coordinates }];
}

export async function benchZoneMatching(): Promise<SectionReport> {
  const zones = seededZones();
  const lines = crowdedClosure();
  const runs: { build: number; match: number; matched: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const index = new WatchZoneIndex(zones);
    const built = performance.now();
    const matched = index.match(lines).length;
    runs.push({ build: (built - started) / 1000, match: (performance.now() - built) / 1000, matched });
  }
  const totals = runs.map((r) => r.build + r.match).sort((a, b) => a - b);
  const median = totals[Math.floor(totals.length / 2)];
  const worst = totals[totals.length - 1];
  const ms = (s: number) => `${(s * 1000).toFixed(1)} ms`;
  const printed = [
    `  ${count(zones.length)} seeded watch zones around ${TOWNS.length} NSW towns (${TOWNS[0][0]} most), half circles, half polygons`,
    `  one closure change (${lines[0].coordinates.length} vertices across western Sydney) meets ${runs[0].matched} zones`,
    `  index built + closure matched, ${RUNS} runs: median ${ms(median)}, worst ${ms(worst)} (index ${ms(runs[RUNS - 1].build)}, match ${ms(runs[RUNS - 1].match)} on the last run)`,
    `  target <= ${TARGET_SECONDS} s: ${worst <= TARGET_SECONDS ? 'holds' : 'MISSED'}`,
  ].join('\n');
  return {
    printed,
    inputs: `${count(zones.length)} synthetic watch zones (seeded) around NSW towns; one synthetic 200-vertex closure across western Sydney`,
    figures: [
      against(`one closure change matched against ${count(zones.length)} watch zones (index built + matched, worst of ${RUNS})`, ms(worst), `≤ ${TARGET_SECONDS} s`, worst <= TARGET_SECONDS),
      plain('zones the closure meets', count(runs[0].matched)),
    ],
  };
}

/** The fan-out section with the zone matching printed after it. */
export async function withZoneMatching(fanout: SectionReport): Promise<SectionReport> {
  const zones = await benchZoneMatching();
  return {
    printed: `${fanout.printed}\n\n--- Watch zones: one closure change against ${count(ZONES)} zones ---\n${zones.printed}`,
    inputs: `${fanout.inputs}; ${zones.inputs}`,
    figures: [...fanout.figures, ...zones.figures],
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  benchZoneMatching().then(
    (report) => console.log(report.printed),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
