import { createOSMStream } from 'osm-pbf-parser-node';
import { parseMaxspeed, parseOneway, roadClassOf, surfaceOf } from './classes';
import type { Position } from './geo';
import type { RoadLine } from './input';

interface OsmNode {
  type: 'node';
  id: number;
  lat: number;
  lon: number;
}

interface OsmWay {
  type: 'way';
  id: number;
  refs: number[];
  tags?: Record<string, string>;
}

const WAY_TAGS = ['highway', 'name', 'ref', 'oneway', 'maxspeed', 'junction', 'surface', 'tracktype'];

/**
 * OSM's implied one-way rules: motorways and their links, and roundabouts, are one way unless
 * tagged otherwise. (The OpenMapTiles GeoJSON has no such tags, so this only applies here.)
 */
function onewayOf(tags: Record<string, string>): -1 | 0 | 1 {
  const explicit = parseOneway(tags.oneway);
  if (explicit !== 0 || tags.oneway === 'no') return explicit;
  const implied =
    tags.highway === 'motorway' || tags.highway === 'motorway_link' || tags.junction === 'roundabout' || tags.junction === 'circular';
  return implied ? 1 : 0;
}

/**
 * Reads the drivable roads of an .osm.pbf extract (e.g. one cut to an LGA with osmium) as road
 * lines. Node coordinates are held in memory, which suits LGA- or state-sized extracts.
 */
export async function readRoadLinesFromOsmPbf(file: string): Promise<RoadLine[]> {
  const nodeIndex = new Map<number, number>();
  const lngs: number[] = [];
  const lats: number[] = [];
  const ways: OsmWay[] = [];
  const stream = createOSMStream(file, { withTags: { node: false, way: WAY_TAGS, relation: false }, withInfo: false });
  for await (const item of stream as AsyncGenerator<OsmNode | OsmWay | { type?: undefined }>) {
    if (item.type === 'node') {
      nodeIndex.set(item.id, lngs.length);
      lngs.push(item.lon);
      lats.push(item.lat);
    } else if (item.type === 'way' && item.tags && roadClassOf(item.tags.highway)) {
      ways.push(item);
    }
  }

  const lines: RoadLine[] = [];
  for (const way of ways) {
    const tags = way.tags ?? {};
    const roadClass = roadClassOf(tags.highway);
    if (!roadClass) continue;
    const coordinates: Position[] = [];
    for (const ref of way.refs) {
      const i = nodeIndex.get(ref);
      // Extracts cut by a bounding box can reference nodes outside it; keep the part inside.
      if (i !== undefined) coordinates.push([lngs[i], lats[i]]);
    }
    if (coordinates.length < 2) continue;
    const direction = onewayOf(tags);
    if (direction === -1) coordinates.reverse();
    lines.push({
      coordinates,
      name: tags.name?.trim() || null,
      ref: tags.ref?.trim() || null,
      roadClass,
      oneway: direction !== 0,
      maxspeed: parseMaxspeed(tags.maxspeed),
      surface: surfaceOf(tags.surface, tags.tracktype),
    });
  }
  return lines;
}
