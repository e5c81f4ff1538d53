// A parsed state hazard placed: the council it lies in (the ABS boundaries, as for residents'
// reports) and the stretch it affects (the state's own line, else the road engine's, else the
// point alone, said plainly).
import type { LineString, MultiLineString } from 'geojson';
import type { RoadEngine } from '../roads/engine';
import { closesRoad, STATE_SOURCE, withHash, type ParsedHazard, type StateHazard } from './hazard';
import { stretchOf } from './stretch';

export type Locate = (lng: number, lat: number) => { code: string } | undefined;

function stateGeometry(lines: [number, number][][]): LineString | MultiLineString {
  return lines.length === 1 ? { type: 'LineString', coordinates: lines[0] } : { type: 'MultiLineString', coordinates: lines };
}

/** The hazard as stored, or undefined when its point lies in no council. */
export function placeHazard(parsed: ParsedHazard, locate: Locate, engine: RoadEngine | undefined): StateHazard | undefined {
  const lga = locate(parsed.position.lng, parsed.position.lat);
  if (!lga) return undefined;
  const { stateLine, ...rest } = parsed;
  const stretch = stateLine
    ? { geometry: stateGeometry(stateLine), source: 'state' as const, note: "Drawn from the state's own line of the road." }
    : engine
      ? stretchOf(engine, parsed)
      : { geometry: null, source: 'point' as const, note: "Shown as the state's point only." };
  return withHash({
    ...rest,
    source: STATE_SOURCE,
    lgaCode: lga.code,
    geometry: stretch.geometry,
    geometrySource: stretch.source,
    geometryNote: stretch.note,
    closesRoad: closesRoad(parsed),
  });
}
