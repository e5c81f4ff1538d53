// Routing bench cases for closures that cover part of an edge: random long edges closed in their
// middle third, and closures over a whole edge and parts of its neighbours. Each case says what a
// correct answer is, and the table counts the answers that are not.
import type { RoadEngine, RouteClosure, RouteResult } from '../lambdas/core/roads/engine';
import { haversine } from '../lambdas/core/roads/geo';
import { componentOf, edgeCoordinates, isOneWay, nodeLat, nodeLng } from '../lambdas/core/roads/graph';

const EDGES = 200;
const MIN_EDGE_M = 3000;

/** The part of a line between two distances along it. */
function slice(line: number[][], fromM: number, toM: number): number[][] {
  const out: number[][] = [];
  let at = 0;
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = line[i - 1];
    const [bx, by] = line[i];
    const step = haversine(ax, ay, bx, by);
    const lo = Math.max(fromM, at);
    const hi = Math.min(toM, at + step);
    if (hi > lo && step > 0) {
      const p = (m: number) => [ax + ((bx - ax) * (m - at)) / step, ay + ((by - ay) * (m - at)) / step];
      if (out.length === 0) out.push(p(lo));
      out.push(p(hi));
    }
    at += step;
  }
  return out;
}

function lengthOf(line: number[][]): number {
  let total = 0;
  for (let i = 1; i < line.length; i++) total += haversine(line[i - 1][0], line[i - 1][1], line[i][0], line[i][1]);
  return total;
}

const point = (p: number[]) => ({ lng: p[0], lat: p[1] });
const same = (a: number, b: number) => Math.abs(a - b) <= 0.001 * Math.max(a, 1);

interface Tally {
  name: string;
  rule: string;
  ok: number;
  detoured: number;
  honest: number;
  wrong: number;
  times: number[];
}

function tally(name: string, rule: string): Tally {
  return { name, rule, ok: 0, detoured: 0, honest: 0, wrong: 0, times: [] };
}

function timed(t: Tally, run: () => RouteResult): RouteResult {
  const started = performance.now();
  const r = run();
  t.times.push(performance.now() - started);
  return r;
}

/**
 * Through a closure: around it (named as avoided), or across it (named as crossed) when no other
 * way exists. When the fastest route does not run along the closure at all, it is the answer.
 */
function judgeThrough(t: Tally, engine: RoadEngine, r: RouteResult, closure: RouteClosure, plain: RouteResult) {
  const id = closure.id;
  const named = r.avoidedClosureIds.length + r.crossesClosureIds.length;
  if (engine.closuresAlong(plain.travelled, [closure]).length === 0) {
    if (named === 0 && same(r.duration, plain.duration)) t.ok++;
    else t.wrong++;
  } else if (r.avoidedClosureIds.includes(id) && !r.crossesClosureIds.includes(id) && r.duration >= plain.duration * 0.999) t.detoured++;
  else if (r.crossesClosureIds.includes(id) && same(r.duration, plain.duration)) t.honest++;
  else t.wrong++;
}

export function benchPartialClosures(engine: RoadEngine, next: () => number): string[] {
  const { graph } = engine;
  const long: number[] = [];
  for (let e = 0; e < graph.edgeCount; e++) {
    if (graph.edgeLength[e] >= MIN_EDGE_M && !isOneWay(graph, e) && componentOf(graph, graph.edgeFrom[e]) === 0) long.push(e);
  }
  const away = tally('start on the open part, heading away', 'no crossing, no detour');
  const through = tally('start on the open part, heading through', 'detour, or honest crossing');
  const sameSide = tally('both ends on the edge, same side', 'no crossing, along the edge');
  const across = tally('both ends on the edge, either side', 'detour, or honest crossing');
  const wider = tally('whole edge and parts of neighbours', 'detour, or honest crossing');
  let skipped = 0;
  let mapMs = 0;

  for (let k = 0; k < EDGES && long.length > 0; k++) {
    const edge = long[Math.floor(next() * long.length)];
    const line = edgeCoordinates(graph, edge);
    const length = lengthOf(line);
    const closure: RouteClosure = { id: `part-${k}`, geometry: { type: 'LineString', coordinates: slice(line, length / 3, (2 * length) / 3) } };
    const at = (f: number) => point(slice(line, 0, length * f).at(-1)!);
    const start = at(1 / 6);
    const startEdge = engine.route([start, at(1 / 12)]).travelled[0]?.edge;
    // Another road within metres (a dual carriageway) takes the point: not this edge's case.
    if (startEdge !== edge || engine.route([at(5 / 6), at(11 / 12)]).travelled[0]?.edge !== edge) {
      skipped++;
      continue;
    }
    const fromNode = point([nodeLng(graph, graph.edgeFrom[edge]), nodeLat(graph, graph.edgeFrom[edge])]);
    const toNode = point([nodeLng(graph, graph.edgeTo[edge]), nodeLat(graph, graph.edgeTo[edge])]);
    const closures = [closure];
    mapMs += mapped(engine, closure);

    const awayPlain = engine.route([start, fromNode]);
    const r1 = timed(away, () => engine.route([start, fromNode], { closures }));
    if (r1.crossesClosureIds.length === 0 && r1.avoidedClosureIds.length === 0 && same(r1.duration, awayPlain.duration)) away.ok++;
    else away.wrong++;

    judgeThrough(through, engine, timed(through, () => engine.route([start, toNode], { closures })), closure, engine.route([start, toNode]));

    const r3 = timed(sameSide, () => engine.route([at(1 / 12), start], { closures }));
    if (r3.crossesClosureIds.length === 0 && r3.avoidedClosureIds.length === 0 && r3.travelled.length === 1) sameSide.ok++;
    else sameSide.wrong++;

    judgeThrough(across, engine, timed(across, () => engine.route([start, at(5 / 6)], { closures })), closure, engine.route([start, at(5 / 6)]));

    // A closure from 40% of the edge before this one, over this one, to 60% of the edge after.
    const route = engine.route([fromNode, toNode]);
    const before = engine.route([point(pointOff(graph, graph.edgeFrom[edge], edge)), fromNode]);
    const after = engine.route([toNode, point(pointOff(graph, graph.edgeTo[edge], edge))]);
    if (before.travelled.length !== 1 || after.travelled.length !== 1 || route.travelled.length !== 1) continue;
    const beforeLine = before.geometry.coordinates;
    const afterLine = after.geometry.coordinates;
    const wide: RouteClosure = {
      id: `wide-${k}`,
      geometry: {
        type: 'LineString',
        coordinates: [...slice(beforeLine, lengthOf(beforeLine) * 0.4, Infinity), ...route.geometry.coordinates.slice(1), ...slice(afterLine, 0, lengthOf(afterLine) * 0.6).slice(1)],
      },
    };
    const ends = [point(beforeLine[0]), point(afterLine.at(-1)!)];
    mapMs += mapped(engine, wide);
    judgeThrough(wider, engine, timed(wider, () => engine.route(ends, { closures: [wide] })), wide, engine.route(ends));
  }

  const at = (times: number[], p: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * p))] ?? NaN;
  const lines = [
    '',
    `partial closures: ${EDGES} random two-way edges of ${MIN_EDGE_M / 1000}+ km closed in their middle third (${skipped} skipped: a parallel road takes the point);`,
    `  closed stretches mapped onto the network in ${mapMs.toFixed(0)} ms for all (once per closure, cached; not in the trip times)`,
    `${''.padEnd(42)}${'trips'.padStart(6)}${'correct'.padStart(9)}${'wrong'.padStart(7)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}   correct means`,
  ];
  for (const t of [away, sameSide, through, across, wider]) {
    const correct = t.ok + t.detoured + t.honest;
    const detail = t.detoured + t.honest > 0 ? ` (${t.detoured} detoured, ${t.honest} honest crossings, ${t.ok} where the fastest route never met it)` : '';
    lines.push(
      `  ${t.name.padEnd(40)}${String(t.times.length).padStart(6)}${String(correct).padStart(9)}${String(t.wrong).padStart(7)}${at(t.times, 0.5).toFixed(3).padStart(9)}${at(t.times, 0.95).toFixed(3).padStart(9)}   ${t.rule}${detail}  ${t.wrong === 0 ? 'holds' : 'FAILS'}`,
    );
  }
  return lines;
}

/** Maps a closure onto the network (the engine caches it), returning the milliseconds it took. */
function mapped(engine: RoadEngine, closure: RouteClosure): number {
  const started = performance.now();
  engine.stretchesOfClosure(closure);
  return performance.now() - started;
}

/** A point a little way along another edge leaving `node` (or the node itself when it has none). */
function pointOff(graph: RoadEngine['graph'], node: number, not: number): number[] {
  for (let a = graph.arcStart[node]; a < graph.arcStart[node + 1]; a++) {
    const e = graph.arcEdge[a] >>> 1;
    if (e === not || graph.edgeLength[e] < 50) continue;
    const line = edgeCoordinates(graph, e);
    const forward = (graph.arcEdge[a] & 1) === 0;
    const ordered = forward ? line : [...line].reverse();
    return slice(ordered, 0, Math.min(graph.edgeLength[e] / 2, 2000)).at(-1)!;
  }
  return [nodeLng(graph, node), nodeLat(graph, node)];
}
