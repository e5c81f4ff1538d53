// A closure line drawn by hand: where no road of the road graph is near (a town street, a farm
// track the map data lacks), staff draw the line along the road point by point and it is kept
// exactly as drawn. Its bounds are tighter than a snapped line's, since nothing checks it follows
// a road (docs/road-engine.md#closures-drawn-by-hand).
import CheapRuler from 'cheap-ruler';
import type { LineStringGeometry } from './types';

/** Points a hand-drawn line may have: one click per bend of a road. */
export const HAND_DRAWN_MAX_POINTS = 200;
/** Longest hand-drawn line (metres): a long stretch of track is several closures, or snapped. */
export const HAND_DRAWN_MAX_LENGTH_M = 20_000;
/**
 * How near a road of the graph must run along a hand-drawn line for directions to keep off it,
 * and for the closure to take the road's name (metres).
 */
export const HAND_DRAWN_ROAD_TOLERANCE_M = 15;

export const HAND_DRAWN_MESSAGES = {
  tooManyPoints: `A line drawn by hand can have at most ${HAND_DRAWN_MAX_POINTS} points`,
  tooLong: `A line drawn by hand can be at most ${HAND_DRAWN_MAX_LENGTH_M / 1000} km long. Please split it into shorter closures.`,
  tooShort: 'A line drawn by hand needs two different points',
} as const;

/** Length of a line in metres. */
export function lengthOf(line: LineStringGeometry): number {
  const c = line.coordinates;
  if (c.length < 2) return 0;
  return new CheapRuler(c[0][1], 'meters').lineDistance(c);
}

/** The message a hand-drawn line is refused with, or null when it is within bounds. */
export function handDrawnProblem(line: LineStringGeometry): string | null {
  if (line.coordinates.length > HAND_DRAWN_MAX_POINTS) return HAND_DRAWN_MESSAGES.tooManyPoints;
  const length = lengthOf(line);
  if (length <= 0) return HAND_DRAWN_MESSAGES.tooShort;
  if (length > HAND_DRAWN_MAX_LENGTH_M) return HAND_DRAWN_MESSAGES.tooLong;
  return null;
}
