// Where a loaded road graph's memory goes: loads a graph file and makes the engine (as
// bench/road-load.ts does), measures the heap and external bytes held, then walks everything the
// graph and the engine reach and lists each typed array's buffer by where it hangs (the graph's
// file sections and derived arrays, the engine's search state), each buffer counted once. What
// the walk does not reach (the measured total less the buffers) is JavaScript objects and code.
//   npx tsx bench/memory-account.ts FILE
import { statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { RoadEngine } from '../lambdas/core/roads/engine';
import { readRoadGraph } from '../lambdas/core/roads/load';
import { liveBytes } from './support/live-bytes';

interface Held {
  path: string;
  bytes: number;
}

/** Every ArrayBuffer reachable from `root`, once each, named by the first path that reaches it. */
function buffersOf(root: object, name: string): { held: Held[]; jsArrays: Held[] } {
  const seen = new Set<unknown>();
  const buffers = new Set<ArrayBufferLike>();
  const held: Held[] = [];
  const jsArrays: Held[] = [];
  const visit = (value: unknown, path: string, depth: number): void => {
    if (value === null || typeof value !== 'object' || seen.has(value) || depth > 6) return;
    seen.add(value);
    if (ArrayBuffer.isView(value)) {
      if (!buffers.has(value.buffer)) {
        buffers.add(value.buffer);
        held.push({ path, bytes: value.buffer.byteLength });
      }
      return;
    }
    if (Array.isArray(value)) {
      if (value.length > 1000) jsArrays.push({ path, bytes: value.length * 8 });
      value.slice(0, 16).forEach((item, i) => visit(item, `${path}[${i}]`, depth + 1));
      return;
    }
    if (value instanceof Map || value instanceof Set) {
      if (value.size > 1000) jsArrays.push({ path, bytes: value.size * 16 });
      return;
    }
    for (const key of Object.keys(value)) visit((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1);
  };
  visit(root, name, 0);
  return { held, jsArrays };
}

function main(): void {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npx tsx bench/memory-account.ts FILE');
  const size = statSync(file).size;
  const before = liveBytes();
  const graph = readRoadGraph(file);
  const afterGraph = liveBytes() - before;
  const engine = new RoadEngine(graph);
  const afterEngine = liveBytes() - before;
  const n = graph.nodeCount;
  const perNode = (bytes: number) => (bytes / n).toFixed(2);

  // The graph first, so its arrays are named by the graph; the engine's then are its own.
  const { held, jsArrays } = buffersOf({ graph, engine }, 'loaded');
  held.sort((a, b) => b.bytes - a.bytes);
  const reached = held.reduce((sum, h) => sum + h.bytes, 0);
  console.log(`${file}: ${n} nodes, ${graph.edgeCount} edges, file ${size} bytes = ${perNode(size)} B/node; load average ${loadavg()[0]!.toFixed(1)}`);
  console.log(`measured after readRoadGraph: ${afterGraph} bytes = ${perNode(afterGraph)} B/node`);
  console.log(`measured after new RoadEngine: ${afterEngine} bytes = ${perNode(afterEngine)} B/node = ${(afterEngine / size).toFixed(3)}× the file`);
  console.log('\n| typed array (its whole buffer) | bytes | bytes a node |\n| --- | ---: | ---: |');
  for (const h of held) console.log(`| ${h.path.replace(/^loaded\./, '')} | ${h.bytes} | ${perNode(h.bytes)} |`);
  console.log(`| all typed arrays reached | ${reached} | ${perNode(reached)} |`);
  for (const a of jsArrays) console.log(`| JS array or map ${a.path} (estimated) | ${a.bytes} | ${perNode(a.bytes)} |`);
  console.log(`| not reached (JS objects, code, the rest) | ${afterEngine - reached} | ${perNode(afterEngine - reached)} |`);
  const m = process.memoryUsage();
  console.log(`\nprocess now: heapUsed ${m.heapUsed}, external ${m.external}, arrayBuffers ${m.arrayBuffers}`);
}

main();
