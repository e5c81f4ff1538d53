// Amazon Location (GeoRoutes CalculateRoutes) requests and responses in our terms. Pure, so the
// shapes are tested against recorded payloads (test/fixtures/amazon-location) without AWS.
//
// API facts this relies on (Amazon Location API reference, geo-routes 2020-11-19):
// - Origin/Destination are [lng, lat]; at most 23 Waypoints between them (25 stops in all).
// - Avoid.Areas items are { Geometry: { Corridor | Polygon | BoundingBox | ... } }; a Corridor is a
//   LineString (≥ 2 positions) with an integer Radius in metres: a closure line, buffered by the
//   service itself. A Polygon has exactly one ring of ≥ 4 positions.
// - Avoidance is best effort: a route may still use an avoided area and says so in Notices
//   (per leg, Code "Violated…", Impact High/Low). There is no dedicated code for areas, so the
//   route's geometry is checked against the closures as well (core/directions/overlap.ts).
// - LegGeometryFormat "Simple" returns each leg's Geometry.LineString; TravelStepType "Default"
//   returns an Instruction per step; Summary gives metres and seconds.
import type {
  CalculateRoutesCommandInput,
  CalculateRoutesCommandOutput,
  RouteAvoidanceArea,
  RouteLeg,
  RouteVehicleTravelStep,
} from '@aws-sdk/client-geo-routes';
import type { Polygon } from 'geojson';
import type { RouteClosure } from '../../core/roads/avoid';
import { AVOID_LOCATION_RADIUS_M } from '../../core/roads/avoid';
import { degreeSpan, type LatLng, type Position } from '../../core/roads/geo';
import type { RouteStep } from '../../core/roads/steps';
import { chunkLine, simplifyLine } from '../../core/directions/overlap';

/** The documented maximum of avoid areas for route matrices; CalculateRoutes states none, so the same is assumed. */
export const MAX_AVOID_AREAS = 250;
/** Half the width of the corridor avoided around a closure line: a road and its verges. */
export const CLOSURE_CORRIDOR_RADIUS_M = 20;
/** Corridor and polygon sizes are kept small: the service has no documented vertex limit, and small ones are cheap to match. */
export const MAX_AREA_POINTS = 100;
const SIMPLIFY_TOLERANCE_M = 5;

const position = (p: LatLng): number[] => [p.lng, p.lat];

export interface AvoidAreas {
  areas: RouteAvoidanceArea[];
  /** Closures with every region sent; the rest did not fit under MAX_AVOID_AREAS. */
  closureIds: string[];
  droppedClosureIds: string[];
}

function closureLines(closure: RouteClosure): Position[][] {
  const lines = closure.geometry.type === 'MultiLineString' ? closure.geometry.coordinates : [closure.geometry.coordinates];
  return lines.flatMap((line) => chunkLine(simplifyLine(line as Position[], SIMPLIFY_TOLERANCE_M), MAX_AREA_POINTS));
}

/**
 * Avoid areas: the caller's polygons and locations first (they asked for them by hand), then
 * the closures in the order given (nearest the trip first), while they fit.
 */
export function avoidAreas(options: { avoidPolygons: readonly Polygon[]; avoidLocations: readonly LatLng[]; closures: readonly RouteClosure[] }): AvoidAreas {
  const areas: RouteAvoidanceArea[] = [];
  for (const polygon of options.avoidPolygons) {
    // One ring only: a hole would be avoided too, which is the safe way to be wrong.
    const ring = polygon.coordinates[0];
    const simplified = ring.length > MAX_AREA_POINTS ? simplifyLine(ring as Position[], SIMPLIFY_TOLERANCE_M) : (ring as Position[]);
    areas.push({ Geometry: { Polygon: [simplified.map(([lng, lat]) => [lng, lat])] } });
  }
  for (const point of options.avoidLocations) {
    const { dLat, dLng } = degreeSpan(point.lat, AVOID_LOCATION_RADIUS_M);
    areas.push({ Geometry: { BoundingBox: [point.lng - dLng, point.lat - dLat, point.lng + dLng, point.lat + dLat] } });
  }
  const closureIds: string[] = [];
  const droppedClosureIds: string[] = [];
  for (const closure of options.closures) {
    const lines = closureLines(closure).filter((line) => line.length >= 2);
    if (areas.length + lines.length > MAX_AVOID_AREAS) {
      droppedClosureIds.push(closure.id);
      continue;
    }
    for (const line of lines) areas.push({ Geometry: { Corridor: { LineString: line.map(([lng, lat]) => [lng, lat]), Radius: CLOSURE_CORRIDOR_RADIUS_M } } });
    closureIds.push(closure.id);
  }
  return { areas, closureIds, droppedClosureIds };
}

export function calculateRoutesInput(locations: readonly LatLng[], areas: readonly RouteAvoidanceArea[]): CalculateRoutesCommandInput {
  return {
    Origin: position(locations[0]),
    Destination: position(locations[locations.length - 1]),
    ...(locations.length > 2 ? { Waypoints: locations.slice(1, -1).map((p) => ({ Position: position(p) })) } : {}),
    TravelMode: 'Car',
    OptimizeRoutingFor: 'FastestRoute',
    DepartNow: true,
    LegGeometryFormat: 'Simple',
    TravelStepType: 'Default',
    LegAdditionalFeatures: ['TravelStepInstructions', 'Summary'],
    InstructionsMeasurementSystem: 'Metric',
    Languages: ['en'],
    ...(areas.length > 0 ? { Avoid: { Areas: [...areas] } } : {}),
  };
}

export interface AmazonRoute {
  coordinates: Position[];
  distance: number;
  duration: number;
  steps: RouteStep[];
  /** Notice codes that say an avoidance or restriction was not kept ("ViolatedBlockedRoad", …). */
  violations: string[];
}

type TravelStep = Pick<RouteVehicleTravelStep, 'Type' | 'Instruction' | 'Distance' | 'Duration' | 'CurrentRoad' | 'NextRoad'> & {
  TurnStepDetails?: { SteeringDirection?: string };
};

function roadName(road: TravelStep['CurrentRoad']): string | null {
  return road?.RoadName?.[0]?.Value ?? road?.RouteNumber?.[0]?.Value ?? null;
}

function stepOf(step: TravelStep, arrival: string): RouteStep {
  const name = (step.Type === 'Depart' ? roadName(step.CurrentRoad) : (roadName(step.NextRoad) ?? roadName(step.CurrentRoad))) ?? '';
  let instruction = step.Instruction?.trim();
  if (!instruction) {
    const onto = name ? ` onto ${name}` : '';
    if (step.Type === 'Arrive') instruction = arrival;
    else if (step.Type === 'Depart') instruction = name ? `Start on ${name}` : 'Start';
    else if (step.Type === 'Turn' && step.TurnStepDetails?.SteeringDirection) instruction = `Turn ${step.TurnStepDetails.SteeringDirection.toLowerCase()}${onto}`;
    else instruction = `Continue${onto}`;
  }
  return { instruction, name, distance: step.Distance ?? 0, duration: step.Duration ?? 0 };
}

function legDetails(leg: RouteLeg) {
  return leg.VehicleLegDetails ?? leg.FerryLegDetails ?? leg.PedestrianLegDetails;
}

const isViolation = (code: string | undefined) => typeof code === 'string' && /^(Potential)?Violated/.test(code);

/** The first route of the response, or null when the service found none. */
export function parseCalculateRoutes(output: Pick<CalculateRoutesCommandOutput, 'Routes' | 'Notices'>): AmazonRoute | null {
  const route = output.Routes?.[0];
  if (!route?.Legs?.length) return null;
  const coordinates: Position[] = [];
  const steps: RouteStep[] = [];
  const violations = new Set<string>();
  let distance = 0;
  let duration = 0;
  route.Legs.forEach((leg, i) => {
    const line = leg.Geometry?.LineString ?? [];
    for (const [lng, lat] of line) {
      const last = coordinates[coordinates.length - 1];
      if (!last || last[0] !== lng || last[1] !== lat) coordinates.push([lng, lat]);
    }
    const details = legDetails(leg);
    const arrival = i === route.Legs!.length - 1 ? 'Arrive at your destination' : `Arrive at waypoint ${i + 1}`;
    for (const step of (details?.TravelSteps ?? []) as TravelStep[]) steps.push(stepOf(step, arrival));
    const overview = (details?.Summary as { Overview?: { Distance?: number; Duration?: number } } | undefined)?.Overview;
    distance += overview?.Distance ?? 0;
    duration += overview?.Duration ?? 0;
    for (const notice of leg.VehicleLegDetails?.Notices ?? []) if (isViolation(notice.Code)) violations.add(notice.Code!);
  });
  for (const notice of output.Notices ?? []) if (isViolation(notice.Code)) violations.add(notice.Code!);
  // The route summary, when asked for, is authoritative; leg overviews are the fallback.
  return {
    coordinates,
    distance: route.Summary?.Distance ?? distance,
    duration: route.Summary?.Duration ?? duration,
    steps,
    violations: [...violations],
  };
}
