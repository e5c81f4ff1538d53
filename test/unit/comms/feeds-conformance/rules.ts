// The rules the open feeds are checked against, each returning what breaks it (an empty list when
// the feed keeps it): the WZDx 4.2 specification's rules the schema cannot check, Google's CIFS
// field rules, and what a consumer does with a two-way closure.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { ROAD_CLASSES, describeRoadClass } from '../../../../lambdas/core/roads/classes';
import type { ClosureRecord, Position } from '../../../../lambdas/core/closures/types';

const SCHEMAS = join(__dirname, '../../../fixtures/wzdx-4.2');
const position = { type: 'array', minItems: 2, items: { type: 'number' } };

/** The official WorkZoneFeed schema (vendored, offline) with Ajv. */
export function wzdxSchemaValidator() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const file of readdirSync(SCHEMAS).filter((f) => f.endsWith('.json'))) ajv.addSchema(JSON.parse(readFileSync(join(SCHEMAS, file), 'utf8')));
  // RFC 7946 geometries under the ids the WZDx schema refers to (their own schemas are online).
  ajv.addSchema({ $id: 'https://geojson.org/schema/LineString.json', type: 'object', required: ['type', 'coordinates'], properties: { type: { enum: ['LineString'] }, coordinates: { type: 'array', minItems: 2, items: position } } });
  ajv.addSchema({ $id: 'https://geojson.org/schema/MultiPoint.json', type: 'object', required: ['type', 'coordinates'], properties: { type: { enum: ['MultiPoint'] }, coordinates: { type: 'array', items: position } } });
  return ajv.getSchema('https://raw.githubusercontent.com/usdot-jpo-ode/wzdx/main/schemas/4.2/WorkZoneFeed.json')!;
}

const ROAD_CLASS_WORDS = new Set(ROAD_CLASSES.map((c) => describeRoadClass(c).toLowerCase()));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const seconds = (time: string) => Date.parse(time) / 1000;
const duplicates = (ids: string[]) => ids.filter((id, i) => ids.indexOf(id) !== i);

/** Where each line of the closures is: a region as drawn, or the same region the other way. */
interface RegionAt {
  closure: ClosureRecord;
  regionId: string;
  travel: 'as-drawn' | 'reverse';
}
/** Every closure region on each line: closures may share a stretch of road, drawn alike. */
function regionIndex(closures: ClosureRecord[]): Map<string, RegionAt[]> {
  const index = new Map<string, RegionAt[]>();
  const add = (key: string, at: RegionAt) => index.set(key, [...(index.get(key) ?? []), at]);
  for (const closure of closures) {
    for (const region of closure.regions) {
      add(JSON.stringify(region.geometry.coordinates), { closure, regionId: region.id, travel: 'as-drawn' });
      add(JSON.stringify([...region.geometry.coordinates].reverse()), { closure, regionId: region.id, travel: 'reverse' });
    }
  }
  return index;
}

/** What breaks a rule for every closure the line could be (none when one of them keeps it). */
function forEveryCandidate(candidates: RegionAt[], check: (at: RegionAt) => string[]): string[] {
  const found = candidates.map(check);
  return found.some((list) => list.length === 0) ? [] : (found[0] ?? []);
}

/** Compass bearing in degrees from the first to the last coordinate. */
function bearing(coordinates: Position[]): number {
  const [lng1, lat1] = coordinates[0];
  const [lng2, lat2] = coordinates[coordinates.length - 1];
  const y = Math.sin(((lng2 - lng1) * Math.PI) / 180) * Math.cos((lat2 * Math.PI) / 180);
  const x = Math.cos((lat1 * Math.PI) / 180) * Math.sin((lat2 * Math.PI) / 180) - Math.sin((lat1 * Math.PI) / 180) * Math.cos((lat2 * Math.PI) / 180) * Math.cos(((lng2 - lng1) * Math.PI) / 180);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}
const CARDINAL: Record<string, number> = { northbound: 0, eastbound: 90, southbound: 180, westbound: 270 };

/**
 * The WZDx rules beyond the schema: unique (UUID) ids, every data source present, start before
 * end and a live event not over, direction consistent with the geometry's order, verification
 * flags that claim nothing unconfirmed, road names that are names, and event types and vehicle
 * impacts that mean what the closure is.
 */
export function wzdxViolations(feed: any, closures: ClosureRecord[]): string[] {
  const out: string[] = [];
  const index = regionIndex(closures);
  const updated = seconds(feed.feed_info.update_date);
  const sources = new Set((feed.feed_info.data_sources ?? []).map((s: any) => s.data_source_id));
  const ids = feed.features.map((f: any) => f.id as string);
  for (const id of duplicates(ids)) out.push(`road event id ${id} is not unique`);
  for (const f of feed.features) {
    const p = f.properties;
    const core = p.core_details;
    const candidates = index.get(JSON.stringify(f.geometry.coordinates)) ?? [];
    const name = f.id;
    if (!UUID.test(f.id)) out.push(`${name}: id is not a UUID`);
    if (!sources.has(core.data_source_id)) out.push(`${name}: data source ${core.data_source_id} is not in feed_info.data_sources`);
    if (!(seconds(p.start_date) < seconds(p.end_date))) out.push(`${name}: end ${p.end_date} is not after start ${p.start_date}`);
    if (!(seconds(p.end_date) > updated)) out.push(`${name}: a live event ends ${p.end_date}, before the feed's ${feed.feed_info.update_date}`);
    if (core.direction in CARDINAL) {
      const off = Math.abs(((bearing(f.geometry.coordinates) - CARDINAL[core.direction] + 540) % 360) - 180);
      if (off > 90) out.push(`${name}: ${core.direction} but the geometry runs the other way`);
    } else if (core.direction !== 'undefined') out.push(`${name}: direction ${core.direction} says nothing of the geometry's order`);
    if (p.is_end_date_verified === true) out.push(`${name}: is_end_date_verified for an event that has not ended`);
    if (p.is_start_date_verified === true && (seconds(p.start_date) > updated || candidates.every((at) => at.closure.scheduledFor !== undefined))) {
      out.push(`${name}: is_start_date_verified for a start no one confirmed`);
    }
    for (const road of core.road_names) if (ROAD_CLASS_WORDS.has(String(road).toLowerCase())) out.push(`${name}: road name "${road}" is a road class`);
    if (candidates.length === 0) out.push(`${name}: geometry is no closure region in either direction`);
    out.push(
      ...forEveryCandidate(candidates, ({ closure: c }) => {
        const of = `${name} (${c.type} ${c.condition})`;
        const wrong: string[] = [];
        if (core.event_type === 'work-zone' && c.type !== 'roadworks') wrong.push(`${of}: a ${c.type} closure is not a work zone`);
        if (c.condition === 'closed' && p.vehicle_impact !== 'all-lanes-closed') wrong.push(`${of}: a closed road published as ${p.vehicle_impact}`);
        if (c.condition === 'changed' && p.vehicle_impact === 'all-lanes-closed') wrong.push(`${of}: an open road published as all lanes closed`);
        if (/traffic lights/i.test(c.reason ?? '') && !['temporary-traffic-signal', 'alternating-one-way'].includes(p.vehicle_impact)) {
          wrong.push(`${of}: traffic lights published as ${p.vehicle_impact}`);
        }
        return wrong;
      }),
    );
  }
  return out;
}

export interface CifsIncident {
  id: string;
  body: string;
  tag: (name: string) => string | undefined;
}
export function cifsIncidents(xml: string): CifsIncident[] {
  return [...xml.matchAll(/<incident id="([^"]*)">([\s\S]*?)<\/incident>/g)].map(([, id, body]) => ({
    id,
    body,
    tag: (name: string) => body.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1],
  }));
}

const CIFS_TYPES = ['ROAD_CLOSED', 'ACCIDENT', 'HAZARD', 'POLICE', 'CHIT_CHAT', 'JAM'];
const TIME_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:[+-]\d{2}:\d{2}|Z)$/;

/** The polyline's "lat lon" pairs as [lng, lat] positions; null when it is not pairs of numbers. */
export function polylinePositions(polyline: string): Position[] | null {
  const numbers = polyline.trim().split(/\s+/).map(Number);
  if (numbers.length % 2 !== 0 || !numbers.every(Number.isFinite)) return null;
  const out: Position[] = [];
  for (let i = 0; i < numbers.length; i += 2) out.push([numbers[i + 1], numbers[i]]);
  return out;
}

/** Positions as a CIFS polyline gives them back: six decimals. */
const rounded = (positions: Position[]) => positions.map(([lng, lat]) => [Number(lng.toFixed(6)), Number(lat.toFixed(6))]);

/**
 * Google's CIFS rules: alphanumeric unique ids, a known type with a matching subtype, a "lat lon"
 * polyline of at least two points with 6 decimals, a direction, a street name (not a road class),
 * times to the second with a zone, an end after the start and still ahead, and ROAD_CLOSED only
 * for roads with every lane closed.
 */
export function cifsViolations(xml: string, closures: ClosureRecord[], now: number): string[] {
  const out: string[] = [];
  const index = regionIndex(closures);
  const incidents = cifsIncidents(xml);
  for (const id of duplicates(incidents.map((i) => i.id))) out.push(`incident id ${id} is not unique`);
  for (const incident of incidents) {
    const name = `incident ${incident.id}`;
    if (!/^[A-Za-z0-9]+$/.test(incident.id)) out.push(`${name}: id is not alphanumeric`);
    const type = incident.tag('type') ?? '';
    if (!CIFS_TYPES.includes(type)) out.push(`${name}: type ${type} is not a CIFS type`);
    const subtype = incident.tag('subtype');
    if (subtype !== undefined && !subtype.startsWith(`${type}_`) && !(type === 'ACCIDENT' && subtype.startsWith('ACCIDENT_'))) out.push(`${name}: subtype ${subtype} is not of type ${type}`);
    const polyline = incident.tag('polyline') ?? '';
    const positions = polylinePositions(polyline);
    if (!positions || positions.length < 2) out.push(`${name}: polyline "${polyline.slice(0, 40)}" is not two or more "lat lon" pairs`);
    else if (positions.some(([lng, lat]) => Math.abs(lat) > 90 || Math.abs(lng) > 180)) out.push(`${name}: polyline is not "lat lon"`);
    if (!polyline.trim().split(/\s+/).every((n) => /\.\d{6}$/.test(n))) out.push(`${name}: polyline numbers do not have 6 decimals`);
    const direction = incident.tag('direction');
    if (direction !== 'BOTH_DIRECTIONS' && direction !== 'ONE_DIRECTION') out.push(`${name}: direction ${direction} is not BOTH_DIRECTIONS or ONE_DIRECTION`);
    const street = incident.tag('street')?.trim();
    if (!street) out.push(`${name}: no street`);
    else if (ROAD_CLASS_WORDS.has(street.toLowerCase()) || /^unnamed road$/i.test(street)) out.push(`${name}: street "${street}" is not a name`);
    for (const tag of ['starttime', 'endtime', 'creationtime', 'updatetime']) {
      const time = incident.tag(tag);
      if (time !== undefined && !TIME_WITH_ZONE.test(time)) out.push(`${name}: ${tag} ${time} has no zone or is not to the second`);
    }
    const start = incident.tag('starttime');
    const end = incident.tag('endtime');
    if (!start) out.push(`${name}: no starttime`);
    if (start && end && !(seconds(end) > seconds(start))) out.push(`${name}: endtime ${end} is not after starttime ${start}`);
    if (end && !(seconds(end) > now)) out.push(`${name}: endtime ${end} has passed, so Waze takes the road as open`);
    const candidates = (positions && index.get(JSON.stringify(rounded(positions)))) || [];
    if (candidates.length === 0) out.push(`${name}: polyline is no closure region`);
    out.push(...forEveryCandidate(candidates, ({ closure: c }) => (type === 'ROAD_CLOSED' && c.condition !== 'closed' ? [`${name}: a road open with changes published as ROAD_CLOSED`] : [])));
  }
  return out;
}

/** The feeds' files by name, as feedFiles writes them. */
export interface FeedTexts {
  geojson: any;
  wzdx: any;
  waze: string;
}

/**
 * What a consumer acts on: every live closure closes its roads both ways (the map draws it so
 * and directions avoid it both ways), so each feed that carries it closes both directions of
 * every region: the GeoJSON says so, WZDx has an event in each direction of travel (direction
 * "undefined" runs from the first to the last coordinate) with the same impact, and CIFS says
 * BOTH_DIRECTIONS or has an incident each way.
 */
export function bothDirectionsViolations(files: FeedTexts, live: ClosureRecord[]): string[] {
  const out: string[] = [];
  const index = regionIndex(live);
  const wzdxCovered = new Map<string, Map<string, string>>();
  for (const f of files.wzdx.features) {
    if (f.properties.core_details.direction !== 'undefined') continue;
    for (const at of index.get(JSON.stringify(f.geometry.coordinates)) ?? []) {
      const key = `${at.closure.id}/${at.regionId}`;
      if (!wzdxCovered.has(key)) wzdxCovered.set(key, new Map());
      wzdxCovered.get(key)!.set(at.travel, f.properties.vehicle_impact);
    }
  }
  const cifsCovered = new Map<string, Set<string>>();
  for (const incident of cifsIncidents(files.waze)) {
    const positions = polylinePositions(incident.tag('polyline') ?? '') ?? [];
    for (const at of index.get(JSON.stringify(rounded(positions))) ?? []) {
      const key = `${at.closure.id}/${at.regionId}`;
      if (!cifsCovered.has(key)) cifsCovered.set(key, new Set());
      if (incident.tag('direction') === 'BOTH_DIRECTIONS') cifsCovered.get(key)!.add('as-drawn').add('reverse');
      else cifsCovered.get(key)!.add(at.travel);
    }
  }
  for (const c of live) {
    const feature = files.geojson.features.find((f: any) => f.id === c.id);
    if (feature && feature.properties.directions !== 'both') out.push(`GeoJSON ${c.id}: does not say both directions are closed`);
    for (const region of c.regions) {
      const key = `${c.id}/${region.id}`;
      const wzdx = wzdxCovered.get(key);
      if (wzdx && (wzdx.size !== 2 || new Set(wzdx.values()).size !== 1)) out.push(`WZDx ${key} (${c.type} ${c.condition}): closes ${[...wzdx.keys()].join(', ')} only`);
      const cifs = cifsCovered.get(key);
      if (cifs && cifs.size !== 2) out.push(`CIFS ${key} (${c.type} ${c.condition}): closes ${[...cifs].join(', ')} only`);
    }
  }
  return out;
}
