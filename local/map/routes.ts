// HTTP side of the local base map: the styles (/map-style.json, /map-style-minimal.json) and
// /tiles/{source}/{z}/{x}/{y}.pbf.
import type http from 'node:http';
import { BASE_LAYER_IDS, MAP_STYLE_PATHS, buildMapStyle } from './style';
import { getTile } from './tiles';

const TILE_PATH = /^\/tiles\/([a-z]+)\/(\d{1,2})\/(\d{1,6})\/(\d{1,6})\.pbf$/;

function originOf(req: http.IncomingMessage): string {
  // Tile URLs must be absolute (MapLibre fetches them from a worker); the Host header keeps them
  // right for whatever port the stack was started on.
  return `http://${req.headers.host ?? '127.0.0.1'}`;
}

/** Answers the request when it is one of the map's routes; returns false otherwise. */
export async function handleMapRequest(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const baseLayer = BASE_LAYER_IDS.find((id) => MAP_STYLE_PATHS[id] === pathname);
  if (baseLayer) {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
    res.end(JSON.stringify(buildMapStyle(originOf(req), { baseLayer })));
    return true;
  }
  const match = pathname.match(TILE_PATH);
  if (!match) return false;
  const tile = await getTile(match[1], Number(match[2]), Number(match[3]), Number(match[4]));
  if (!tile) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return true;
  }
  res.writeHead(200, {
    'content-type': 'application/x-protobuf',
    'content-length': String(tile.byteLength),
    'cache-control': 'public, max-age=3600',
  });
  res.end(Buffer.from(tile.buffer, tile.byteOffset, tile.byteLength));
  return true;
}
