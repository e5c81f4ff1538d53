// The contraction order of the customizable contraction hierarchy (lambdas/core/roads/cch/order.ts):
// how long nested dissection takes and how good its order is, read off the chordal fill (upward
// arcs a node, elimination-tree height), beside a trivial order by longitude.
//   npx tsx bench/cch-order.ts [250k|1M|3M|nsw]      (default 250k)
// The synthetic networks (bench/support/synthetic-roads.ts, the seed of `npm run bench -- scale`)
// are built once by bench/scale-build.ts into the temporary folder and reused.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { nestedDissection, undirectedAdjacency } from '../lambdas/core/roads/cch/order';
import { eliminationStats, type EliminationStats } from '../lambdas/core/roads/cch/order-quality';
import { deserializeRoadGraph, GraphFormatError } from '../lambdas/core/roads/format';
import type { RoadGraph } from '../lambdas/core/roads/graph';
import { projectRoot } from '../lambdas/core/roads/load';

const SEED = 20261127;
const SIZES: Record<string, number> = { '250k': 250_000, '1M': 1_000_000, '3M': 3_000_000 };

function readGraph(file: string): RoadGraph | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return deserializeRoadGraph(readFileSync(file));
  } catch (error) {
    if (error instanceof GraphFormatError) return undefined;
    throw error;
  }
}

function graphFor(label: string): RoadGraph {
  if (label === 'nsw') return readGraph(join(projectRoot(), 'data', 'roads', 'build', 'nsw.roadgraph'))!;
  const nodes = SIZES[label];
  if (!nodes) throw new Error(`unknown network ${label}; one of 250k, 1M, 3M, nsw`);
  const file = join(tmpdir(), `cch-order-synthetic-${label}-${SEED}.roadgraph`);
  const cached = readGraph(file);
  if (cached) return cached;
  console.log(`building the synthetic ${label} network into ${file}…`);
  const tsx = createRequire(import.meta.url).resolve('tsx');
  execFileSync(process.execPath, ['--max-old-space-size=6144', '--import', tsx, join(projectRoot(), 'bench', 'scale-build.ts'), String(nodes), String(SEED), file], { stdio: 'inherit' });
  return readGraph(file)!;
}

function byLongitude(graph: RoadGraph): Uint32Array {
  const order = Uint32Array.from({ length: graph.nodeCount }, (_, i) => i);
  return order.sort((a, b) => graph.nodeLngE7[a] - graph.nodeLngE7[b] || a - b);
}

function describe(name: string, stats: EliminationStats, nodes: number, ms?: number): string {
  const time = ms === undefined ? '' : `  ${(ms / 1000).toFixed(2)} s`;
  return `${name.padEnd(22)}${time.padStart(9)}  upward arcs ${stats.upwardArcs.toLocaleString('en-AU').padStart(13)} (${(stats.upwardArcs / nodes).toFixed(2)} a node, max ${stats.maxUpward})  elimination-tree height ${stats.treeHeight}`;
}

function main(): void {
  const label = process.argv[2] ?? '250k';
  const graph = graphFor(label);
  const adjacency = undirectedAdjacency(graph);
  const edges = adjacency.target.length / 2;
  console.log(`${label}: ${graph.nodeCount.toLocaleString('en-AU')} nodes, ${edges.toLocaleString('en-AU')} undirected edges · load average ${loadavg()[0]!.toFixed(1)}`);

  const started = performance.now();
  const cpu = process.cpuUsage();
  const { order, coreNodes, cuts } = nestedDissection(graph);
  const ms = performance.now() - started;
  const cpuMs = (process.cpuUsage().user + process.cpuUsage().system - cpu.user - cpu.system) / 1000;
  console.log(describe('nested dissection', eliminationStats(adjacency, order), graph.nodeCount, ms));
  console.log(`  CPU time ${(cpuMs / 1000).toFixed(2)} s (the wall time above includes waiting for the other processes on the machine)`);
  console.log(`  core cut by nested dissection: ${coreNodes.toLocaleString('en-AU')} nodes (the rest are dead-end trees and degree-2 chains)`);
  for (let depth = 0; cuts.some((cut) => cut.depth === depth); depth++) {
    const level = cuts.filter((cut) => cut.depth === depth).sort((a, b) => b.nodes - a.nodes).slice(0, 6);
    console.log(`  largest separators at depth ${depth}: ${level.map((cut) => `${cut.separator} of ${cut.nodes.toLocaleString('en-AU')}`).join(', ')}`);
  }
  console.log(`  peak memory of the process ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  const trivial = eliminationStats(adjacency, byLongitude(graph));
  console.log(describe('by longitude', trivial, graph.nodeCount));
}

main();
