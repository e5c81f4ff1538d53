import { bearing, compassName, turnAngle } from './geo';
import { describeRoadClass, ROAD_CLASSES } from './classes';
import { roadLabel, roadOfEdge, type RoadGraph } from './graph';
import { pieceEndStretch, type PathPiece } from './paths';

export interface RouteStep {
  instruction: string;
  name: string;
  distance: number;
  duration: number;
}

const stretch = new Float64Array(4);

/** Bearing of a piece's first (or last) stretch, or null when it has none. */
function endBearing(graph: RoadGraph, p: PathPiece, atStart: boolean): number | null {
  return pieceEndStretch(graph, p, atStart, stretch) ? bearing(stretch[0], stretch[1], stretch[2], stretch[3]) : null;
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
  let current: RouteStep | null = null;
  let currentLabel = 0;
  // Where the current step began: at a turn, the bearing before it is that of the step's last
  // piece with a stretch at its end, looked for backwards from the turn (most pieces never need one).
  let currentFirst = 0;
  for (const [i, p] of pieces.entries()) {
    if (p.distance <= 0 && pieces.length > 1) continue;
    if (current && sameLabel(graph, currentLabel, labels[i])) {
      current.distance += p.distance;
      current.duration += p.duration;
      continue;
    }
    const name = labelText(graph, labels[i]);
    const startBearing = endBearing(graph, p, true);
    let instruction: string;
    if (!current) {
      instruction = startBearing === null ? `Start on ${name}` : `Head ${compassName(startBearing)} on ${name}`;
    } else {
      const before = bearingBefore(graph, pieces, currentFirst, i);
      const angle = before !== null && startBearing !== null ? turnAngle(before, startBearing) : 0;
      instruction = `${turnPhrase(angle)} onto ${name}`;
      steps.push(current);
    }
    current = { instruction, name, distance: p.distance, duration: p.duration };
    currentLabel = labels[i];
    currentFirst = i;
  }
  if (current) steps.push(current);
  const last = pieces[pieces.length - 1];
  steps.push({ instruction: arrival, name: last ? roadLabel(graph, last.edge) : '', distance: 0, duration: 0 });
  return steps;
}

/** The bearing at the end of the last piece of first..turn-1 with a stretch at its end (not skipped), or null. */
function bearingBefore(graph: RoadGraph, pieces: readonly PathPiece[], first: number, turn: number): number | null {
  for (let k = turn - 1; k >= first; k--) {
    const p = pieces[k];
    if (p.distance <= 0 && pieces.length > 1) continue;
    const bearingAtEnd = endBearing(graph, p, false);
    if (bearingAtEnd !== null) return bearingAtEnd;
  }
  return null;
}

/**
 * A piece's label as a number, so pieces compare without decoding their names: its road's name,
 * else its route number (both index the graph's strings, each string held once), else -1 - its
 * road class. Labels decode to what roadLabel says.
 */
function labelOf(graph: RoadGraph, edge: number): number {
  const road = roadOfEdge(graph, edge);
  const name = graph.roadNames.name(road);
  if (name >= 0) return name;
  const ref = graph.roadNames.ref(road);
  if (ref >= 0) return ref;
  return -1 - graph.roadClass[road];
}

function labelText(graph: RoadGraph, label: number): string {
  return label >= 0 ? graph.strings.at(label) : describeRoadClass(ROAD_CLASSES[-1 - label]);
}

/** Equal strings share an index; a road class's description may still equal some road's name. */
function sameLabel(graph: RoadGraph, a: number, b: number): boolean {
  return a === b || ((a < 0 || b < 0) && labelText(graph, a) === labelText(graph, b));
}

/** Unnamed pieces shorter than this between two pieces of the same road are taken as that road. */
const UNNAMED_GAP_M = 2000;

/**
 * Each piece's label (labelOf). Source data often leaves a short piece of a named road unnamed
 * (at a junction or a bridge); calling it "Highway" would add two pointless turns, so such a gap
 * takes the name of the road on both sides of it.
 */
function stepLabels(graph: RoadGraph, pieces: readonly PathPiece[]): number[] {
  const labels: number[] = new Array(pieces.length);
  for (let i = 0; i < pieces.length; i++) labels[i] = labelOf(graph, pieces[i].edge);
  let i = 0;
  while (i < pieces.length) {
    if (labels[i] >= 0) {
      i++;
      continue;
    }
    let j = i;
    let gap = 0;
    while (j < pieces.length && labels[j] < 0) gap += pieces[j++].distance;
    const before = i > 0 ? labels[i - 1] : -1;
    const after = j < pieces.length ? labels[j] : -1;
    if (before >= 0 && before === after && gap < UNNAMED_GAP_M) for (let k = i; k < j; k++) labels[k] = before;
    i = j;
  }
  return labels;
}
