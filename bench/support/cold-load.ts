// A Lambda's cold start, alone in a fresh process: read the graph file, parse it, make the
// engine; prints the wall time, its CPU time and the bytes held afterwards (heap and external,
// the file's own bytes included) as one JSON line. The state-scale bench runs it a few times
// and reports the median, so the figure is not that of a process already holding other graphs.
//   node --import tsx bench/support/cold-load.ts FILE
import { RoadEngine } from '../../lambdas/core/roads/engine';
import { readRoadGraph } from '../../lambdas/core/roads/load';
import { liveBytes } from './live-bytes';

export interface ColdLoad {
  loadMs: number;
  cpuMs: number;
  afterLoad: number;
}

const file = process.argv[2];
if (!file) throw new Error('usage: node --import tsx bench/support/cold-load.ts FILE');
const before = liveBytes();
const cpu = process.cpuUsage();
const started = performance.now();
// Read section by section, as the road Lambdas do (lambdas/core/roads/load.ts).
const engine = new RoadEngine(readRoadGraph(file));
const loadMs = performance.now() - started;
const used = process.cpuUsage(cpu);
const afterLoad = liveBytes() - before;
// Keeps the engine alive until after the measurement above.
if (!engine) process.exit(1);
console.log(JSON.stringify({ loadMs, cpuMs: (used.user + used.system) / 1000, afterLoad } satisfies ColdLoad));
