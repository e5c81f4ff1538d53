// A synthetic road network shaped like a real state's, for measuring the road engine at state
// scale (`npm run bench -- scale`). It is NOT real data: towns, roads and names are generated
// from a seed, so every run builds the same network. The recipe is in docs/road-engine.md
// ("The synthetic state-scale network").
import type { RoadLine } from '../../lambdas/core/roads/input';
import type { Position } from '../../lambdas/core/roads/geo';

/** The network is laid out around this point (central NSW), in a square growing with the size. */
const ORIGIN_LNG = 147;
const ORIGIN_LAT = -32.5;
const M_PER_DEG_LAT = 110_574;
const M_PER_DEG_LNG = 111_320 * Math.cos((ORIGIN_LAT * Math.PI) / 180);
/** Square kilometres of land per graph node: about NSW's (800,000 km², 1–2 million nodes). */
const KM2_PER_NODE = 0.5;
/** Share of the nodes in town street grids; the rest are rural roads, tracks and highways. */
const TOWN_SHARE = 0.62;
/** Measured: the recipe at face value builds about 0.7 graph nodes per planned node. */
const NODES_CALIBRATION = 1.43;

export function seededRandom(seed: number): () => number {
  // mulberry32: small, fast and good enough for laying out roads.
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Town {
  x: number;
  y: number;
  /** Grid points, row-major, [x, y] in metres; null where the town has no street. */
  points: (Position | null)[];
  size: number;
  name: string;
}

const toLngLat = (x: number, y: number): Position => [ORIGIN_LNG + x / M_PER_DEG_LNG, ORIGIN_LAT + y / M_PER_DEG_LAT];

export interface SyntheticNetwork {
  lines: RoadLine[];
  towns: number;
  /** Side of the square the network covers, km. */
  sideKm: number;
}

/**
 * Road lines for a synthetic network of roughly `nodes` graph nodes. Towns are irregular
 * street grids (rotated, jittered, gaps and dead ends, courts, one-way pairs in larger towns);
 * rural roads join each town to its nearest neighbours as curving lines split where the surface
 * changes and at bridges; unsealed farm tracks branch off them (dead ends and a few loops);
 * highways join the larger towns over the top of it all, crossing rural roads without meeting
 * them (overpasses). Speeds come from each class, with posted limits on highways.
 */
export function syntheticRoadNetwork(nodes: number, seed: number): SyntheticNetwork {
  const random = seededRandom(seed);
  // Grid points, rural vertices and track ends per graph node, as measured on the built graphs.
  const targetNodes = nodes * NODES_CALIBRATION;
  const side = Math.sqrt(nodes * KM2_PER_NODE) * 1000;
  const lines: RoadLine[] = [];
  const line = (coordinates: Position[], props: Omit<RoadLine, 'coordinates'>) => {
    if (coordinates.length >= 2) lines.push({ coordinates, ...props });
  };

  // Towns: Pareto-distributed sizes until the town share of nodes is spent.
  const towns: Town[] = [];
  let budget = targetNodes * TOWN_SHARE;
  const maxTown = Math.max(400, targetNodes * 0.04);
  while (budget > 0) {
    const size = Math.min(maxTown, Math.round(40 / Math.pow(1 - random(), 1 / 1.15)));
    budget -= size;
    towns.push({ x: random() * side, y: random() * side, points: [], size, name: `Town ${towns.length + 1}` });
  }

  for (const town of towns) {
    const n = Math.max(4, Math.round(Math.sqrt(town.size * 1.25)));
    const spacing = 70 + random() * 70;
    const angle = random() * Math.PI;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const radius = (n / 2) * (0.85 + random() * 0.3);
    const points: (Position | null)[] = [];
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < n; i++) {
        const u = i - (n - 1) / 2;
        const v = j - (n - 1) / 2;
        // A ragged round edge: towns are not squares.
        if (Math.hypot(u, v) > radius * (0.8 + random() * 0.4)) {
          points.push(null);
          continue;
        }
        const du = (u + (random() - 0.5) * 0.3) * spacing;
        const dv = (v + (random() - 0.5) * 0.3) * spacing;
        points.push([town.x + du * cos - dv * sin, town.y + du * sin + dv * cos]);
      }
    }
    town.points = points;
    const at = (i: number, j: number) => (i >= 0 && j >= 0 && i < n && j < n ? points[j * n + i] : null);
    const oneWayRows = n >= 16 ? new Set([Math.floor(n / 2) - 2, Math.floor(n / 2) - 1]) : new Set<number>();
    // Streets: each row and column of the grid, broken where a block is missing (8 %) or the
    // town ends, and renamed every few blocks.
    for (const rows of [true, false]) {
      for (let j = 0; j < n; j++) {
        let run: Position[] = [];
        let street = 0;
        const flush = () => {
          if (run.length >= 2) {
            const oneway = rows && oneWayRows.has(j);
            const reversed = oneway && j % 2 === 1;
            line(reversed ? run.reverse() : run, {
              name: `${town.name} ${rows ? 'Street' : 'Avenue'} ${j}-${street++}`,
              ref: null,
              roadClass: j === Math.floor(n / 2) ? 'tertiary' : 'residential',
              oneway,
              maxspeed: null,
              surface: 'sealed',
            });
          }
          run = [];
        };
        for (let i = 0; i < n; i++) {
          const p = rows ? at(i, j) : at(j, i);
          if (!p) {
            flush();
            continue;
          }
          run.push(p);
          const next = rows ? at(i + 1, j) : at(j, i + 1);
          if (!next || random() < 0.08) {
            // The end of the town, or a missing block: dead ends on both sides of the gap.
            flush();
          } else if (run.length >= 4 && random() < 0.15) {
            // The street changes name at a corner and goes on.
            flush();
            run.push(p);
          }
        }
        flush();
      }
    }
    // Courts: short dead-end streets off the edge of town.
    const courts = Math.round(n * 0.6);
    for (let c = 0; c < courts; c++) {
      const p = points[Math.floor(random() * points.length)];
      if (!p) continue;
      const a = random() * Math.PI * 2;
      const length = 60 + random() * 120;
      line([p, [p[0] + Math.cos(a) * length, p[1] + Math.sin(a) * length]], {
        name: `${town.name} Court ${c}`,
        ref: null,
        roadClass: 'residential',
        oneway: false,
        maxspeed: null,
        surface: 'sealed',
      });
    }
  }

  // Rural roads: each town to its three nearest towns.
  const cell = side / Math.max(1, Math.sqrt(towns.length));
  const grid = new Map<string, number[]>();
  const key = (x: number, y: number) => `${Math.floor(x / cell)},${Math.floor(y / cell)}`;
  towns.forEach((t, i) => {
    const k = key(t.x, t.y);
    grid.get(k)?.push(i) ?? grid.set(k, [i]);
  });
  const nearest = (i: number, count: number): number[] => {
    const t = towns[i];
    const found: { j: number; d: number }[] = [];
    for (let r = 1; found.length < count + 1 && r < 50; r++) {
      found.length = 0;
      const cx = Math.floor(t.x / cell);
      const cy = Math.floor(t.y / cell);
      for (let gx = cx - r; gx <= cx + r; gx++) for (let gy = cy - r; gy <= cy + r; gy++) for (const j of grid.get(`${gx},${gy}`) ?? []) if (j !== i) found.push({ j, d: Math.hypot(towns[j].x - t.x, towns[j].y - t.y) });
    }
    return found.sort((a, b) => a.d - b.d).slice(0, count).map((f) => f.j);
  };
  const edgePoint = (town: Town, towardX: number, towardY: number): Position => {
    let best: Position | null = null;
    let bestD = Infinity;
    for (const p of town.points) {
      if (!p) continue;
      const d = Math.hypot(p[0] - towardX, p[1] - towardY);
      if (d < bestD) {
        bestD = d;
        best = p;
      }
    }
    return best ?? [town.x, town.y];
  };
  const joined = new Set<string>();
  let ruralRoads = 0;
  const ruralPoints: Position[] = [];
  for (let i = 0; i < towns.length; i++) {
    for (const j of nearest(i, 3)) {
      const pair = i < j ? `${i}-${j}` : `${j}-${i}`;
      if (joined.has(pair)) continue;
      joined.add(pair);
      const a = edgePoint(towns[i], towns[j].x, towns[j].y);
      const b = edgePoint(towns[j], towns[i].x, towns[i].y);
      const name = `Rural Road ${++ruralRoads}`;
      const path = curvingPath(a, b, 150, 0.25, random);
      // Split where the surface changes (every 2–8 km) and at bridges (a short piece of its own).
      let start = 0;
      let unsealed = random() < 0.35;
      let nextSplit = 15 + Math.floor(random() * 40);
      for (let k = 1; k < path.length; k++) {
        if (k === path.length - 1 || k === start + nextSplit) {
          const bridge = random() < 0.15 && k - start > 3;
          const end = bridge ? k - 1 : k;
          line(path.slice(start, end + 1), { name, ref: null, roadClass: unsealed ? 'unclassified' : 'tertiary', oneway: false, maxspeed: unsealed ? 80 : 100, surface: unsealed ? 'unsealed' : 'sealed' });
          if (bridge) line(path.slice(end, k + 1), { name: `${name} Bridge`, ref: null, roadClass: 'tertiary', oneway: false, maxspeed: 60, surface: 'sealed' });
          start = k;
          unsealed = random() < 0.35;
          nextSplit = 15 + Math.floor(random() * 40);
        }
        if (k % 7 === 0) ruralPoints.push(path[k]);
      }
    }
  }

  // Farm tracks: unsealed dead ends off rural roads, one in eight joining another rural road.
  const tracks = Math.round((targetNodes * (1 - TOWN_SHARE)) / 14);
  for (let t = 0; t < tracks && ruralPoints.length > 1; t++) {
    const from = ruralPoints[Math.floor(random() * ruralPoints.length)];
    let to: Position;
    if (random() < 0.125) {
      const other = ruralPoints[Math.floor(random() * ruralPoints.length)];
      if (Math.hypot(other[0] - from[0], other[1] - from[1]) > 8000) continue;
      to = other;
    } else {
      const a = random() * Math.PI * 2;
      const length = 800 + random() * 5000;
      to = [from[0] + Math.cos(a) * length, from[1] + Math.sin(a) * length];
    }
    const path = curvingPath(from, to, 120, 0.35, random);
    // A track has gates and surface changes: two or three ways end to end.
    const cut = Math.max(1, Math.floor(path.length / (2 + Math.floor(random() * 2))));
    for (let s = 0; s < path.length - 1; s += cut) {
      line(path.slice(s, Math.min(path.length, s + cut + 1)), { name: random() < 0.5 ? `Track ${t}` : null, ref: null, roadClass: 'service', oneway: false, maxspeed: 40, surface: 'unsealed' });
    }
  }

  // Highways: a spanning tree over the biggest towns (by distance), laid over the top.
  const big = towns
    .map((t, i) => ({ t, i }))
    .sort((p, q) => q.t.size - p.t.size)
    .slice(0, Math.max(2, Math.round(towns.length * 0.08)));
  const inTree = [big[0]];
  const rest = big.slice(1);
  let highway = 0;
  while (rest.length > 0) {
    let best = { r: 0, from: inTree[0], d: Infinity };
    rest.forEach((candidate, r) => {
      for (const from of inTree) {
        const d = Math.hypot(candidate.t.x - from.t.x, candidate.t.y - from.t.y);
        if (d < best.d) best = { r, from, d };
      }
    });
    const [next] = rest.splice(best.r, 1);
    inTree.push(next);
    const centre = (town: Town) => town.points[Math.floor(town.points.length / 2)] ?? edgePoint(town, town.x, town.y);
    const path = curvingPath(centre(best.from.t), centre(next.t), 300, 0.08, random);
    const ref = `A${++highway}`;
    line(path, { name: `Highway ${highway}`, ref, roadClass: best.d > side / 6 ? 'trunk' : 'primary', oneway: false, maxspeed: best.d > side / 6 ? 110 : 100, surface: 'sealed' });
  }

  return {
    lines: lines.map((l) => ({ ...l, coordinates: l.coordinates.map(([x, y]) => toLngLat(x, y)) })),
    towns: towns.length,
    sideKm: side / 1000,
  };
}

/** A wandering line from a to b with a point every `step` metres; `wander` is how much it bends. */
function curvingPath(a: Position, b: Position, step: number, wander: number, random: () => number): Position[] {
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const count = Math.max(1, Math.round(length / step));
  const nx = -(b[1] - a[1]) / (length || 1);
  const ny = (b[0] - a[0]) / (length || 1);
  const out: Position[] = [a];
  let drift = 0;
  let velocity = 0;
  for (let k = 1; k < count; k++) {
    const f = k / count;
    velocity = velocity * 0.9 + (random() - 0.5) * step * wander;
    drift += velocity;
    // Pulled back towards the straight line near both ends so it meets its towns.
    const pull = Math.sin(Math.PI * f);
    drift *= 0.98;
    out.push([a[0] + (b[0] - a[0]) * f + nx * drift * pull, a[1] + (b[1] - a[1]) * f + ny * drift * pull]);
  }
  out.push(b);
  return out;
}
