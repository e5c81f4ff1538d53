import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { parseMaxspeed, parseOneway, roadClassOf, surfaceOf, type RoadClass, type RoadSurface } from './classes';
import type { Position } from './geo';

/** One drivable road line, normalised so that a one-way road always runs along its geometry. */
export interface RoadLine {
  coordinates: Position[];
  name: string | null;
  ref: string | null;
  roadClass: RoadClass;
  oneway: boolean;
  /** km/h, null when the source has none (the class default applies). */
  maxspeed: number | null;
  /** From OSM `surface`/`tracktype`; 'unknown' when the source has neither (the OpenMapTiles major roads). */
  surface?: RoadSurface;
}

interface FeatureLike {
  type?: string;
  properties?: Record<string, unknown> | null;
  geometry?: { type?: string; coordinates?: unknown } | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function isPosition(value: unknown): value is Position {
  return Array.isArray(value) && value.length >= 2 && Number.isFinite(value[0]) && Number.isFinite(value[1]);
}

/**
 * The valid positions of a line part, as [lng, lat]. A parsed position of exactly two numbers is
 * kept as it is (no copy a vertex); one with an altitude is cut to two.
 */
function positionsOf(part: readonly unknown[]): Position[] {
  const positions: Position[] = [];
  for (let i = 0; i < part.length; i++) {
    const p = part[i];
    if (!isPosition(p)) continue;
    positions.push(p.length === 2 ? p : [p[0], p[1]]);
  }
  return positions;
}

/**
 * Reads road lines from GeoJSON features. Features that are not roads a car can use
 * (highway=construction, paths, tracks) are left out, as are geometries other than lines.
 */
export function roadLinesFromFeatures(features: readonly FeatureLike[]): RoadLine[] {
  const lines: RoadLine[] = [];
  for (let f = 0; f < features.length; f++) {
    const feature = features[f];
    const props = feature.properties ?? {};
    const roadClass = roadClassOf(props.highway, props.ramp === true);
    if (!roadClass || !feature.geometry) continue;
    const { type, coordinates } = feature.geometry;
    const parts: unknown[] =
      type === 'LineString' ? [coordinates] : type === 'MultiLineString' && Array.isArray(coordinates) ? coordinates : [];
    const direction = parseOneway(props.oneway);
    for (let p = 0; p < parts.length; p++) {
      const part = parts[p];
      if (!Array.isArray(part)) continue;
      const coords = positionsOf(part);
      if (coords.length < 2) continue;
      if (direction === -1) coords.reverse();
      lines.push({
        coordinates: coords,
        name: text(props.name),
        ref: text(props.ref),
        roadClass,
        oneway: direction !== 0,
        maxspeed: parseMaxspeed(props.maxspeed),
        surface: surfaceOf(props.surface, props.tracktype),
      });
    }
  }
  return lines;
}

/**
 * A file's text, decoded as UTF-8. Plain ASCII (most exported GeoJSON) is the same read as
 * Latin-1, which copies the bytes without decoding: on the NSW roads' 6 MB, 50 ms where decoding
 * took 70.
 */
function readText(file: string): string {
  const bytes = readFileSync(file);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

export function readRoadLinesFromGeoJSON(file: string): RoadLine[] {
  const parsed = JSON.parse(readText(file)) as { type?: string; features?: FeatureLike[] };
  if (parsed.type !== 'FeatureCollection' || !Array.isArray(parsed.features)) {
    throw new Error(`${file} is not a GeoJSON FeatureCollection`);
  }
  return roadLinesFromFeatures(parsed.features);
}
