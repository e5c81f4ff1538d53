import { bearing, compassName, turnAngle, type Position } from './geo';
import { roadLabel, roadNameOfEdge, roadRefOfEdge, type RoadGraph } from './graph';
import type { PathPiece } from './paths';

export interface RouteStep {
  instruction: string;
  name: string;
  distance: number;
  duration: number;
}

/** Bearing of the first (or last) stretch of a line longer than a couple of metres. */
function endBearing(coordinates: readonly Position[], atStart: boolean): number | null {
  const n = coordinates.length;
  if (n < 2) return null;
  const [ax, ay] = atStart ? coordinates[0] : coordinates[n - 2];
  const [bx, by] = atStart ? coordinates[1] : coordinates[n - 1];
  if (ax === bx && ay === by) return null;
  return bearing(ax, ay, bx, by);
}

function turnPhrase(angle: number): string {
  const side = angle > 0 ? 'right' : 'left';
  const size = Math.abs(angle);
  if (size < 25) return 'Continue';
  if (size < 60) return `Bear ${side}`;
  if (size < 150) return `Turn ${side}`;
  return 'Make a U-turn';
}

/**
 * Turn-by-turn steps for one leg: consecutive pieces on roads with the same label form one step;
 * the instruction at each change comes from the angle between the roads there.
 */
export function legSteps(graph: RoadGraph, pieces: readonly PathPiece[], arrival: string): RouteStep[] {
  const steps: RouteStep[] = [];
  const labels = stepLabels(graph, pieces);
  let current: (RouteStep & { endBearing: number | null }) | null = null;
  for (const [i, p] of pieces.entries()) {
    if (p.distance <= 0 && pieces.length > 1) continue;
    const name = labels[i];
    const startBearing = endBearing(p.coordinates, true);
    if (current && current.name === name) {
      current.distance += p.distance;
      current.duration += p.duration;
      current.endBearing = endBearing(p.coordinates, false) ?? current.endBearing;
      continue;
    }
    let instruction: string;
    if (!current) {
      instruction = startBearing === null ? `Start on ${name}` : `Head ${compassName(startBearing)} on ${name}`;
    } else {
      const angle = current.endBearing !== null && startBearing !== null ? turnAngle(current.endBearing, startBearing) : 0;
      instruction = `${turnPhrase(angle)} onto ${name}`;
      steps.push(strip(current));
    }
    current = { instruction, name, distance: p.distance, duration: p.duration, endBearing: endBearing(p.coordinates, false) };
  }
  if (current) steps.push(strip(current));
  const last = pieces[pieces.length - 1];
  steps.push({ instruction: arrival, name: last ? roadLabel(graph, last.edge) : '', distance: 0, duration: 0 });
  return steps;
}

/** Unnamed pieces shorter than this between two pieces of the same road are taken as that road. */
const UNNAMED_GAP_M = 2000;

/**
 * Each piece's road label. Source data often leaves a short piece of a named road unnamed (at a
 * junction or a bridge); calling it "Highway" would add two pointless turns, so such a gap takes
 * the name of the road on both sides of it.
 */
function stepLabels(graph: RoadGraph, pieces: readonly PathPiece[]): string[] {
  const named = pieces.map((p) => roadNameOfEdge(graph, p.edge) ?? roadRefOfEdge(graph, p.edge));
  const labels = pieces.map((p, i) => named[i] ?? roadLabel(graph, p.edge));
  let i = 0;
  while (i < pieces.length) {
    if (named[i] !== null) {
      i++;
      continue;
    }
    let j = i;
    let gap = 0;
    while (j < pieces.length && named[j] === null) gap += pieces[j++].distance;
    const before = i > 0 ? named[i - 1] : null;
    const after = j < pieces.length ? named[j] : null;
    if (before !== null && before === after && gap < UNNAMED_GAP_M) for (let k = i; k < j; k++) labels[k] = before;
    i = j;
  }
  return labels;
}

function strip(step: RouteStep & { endBearing: number | null }): RouteStep {
  return { instruction: step.instruction, name: step.name, distance: step.distance, duration: step.duration };
}
