import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRoadGraph, type BuildOptions } from './build';
import { deserializeRoadGraphFrom, GraphFormatError, serializeRoadGraph } from './format';
import type { RoadGraph } from './graph';
import { readRoadLinesFromGeoJSON } from './input';

const loaded = new Map<string, RoadGraph>();

/** The repository root when running from source; the working directory in a bundle. */
export function projectRoot(): string {
  try {
    let dir = dirname(fileURLToPath(import.meta.url));
    for (let i = 0; i < 6; i++) {
      if (existsSync(join(dir, 'data', 'roads'))) return dir;
      dir = dirname(dir);
    }
  } catch {
    // Bundled as CommonJS: import.meta.url is not available.
  }
  return process.cwd();
}

export function defaultRoadGraphPath(): string {
  return process.env.ROAD_GRAPH_PATH ?? join(projectRoot(), 'data', 'roads', 'build', 'nsw.roadgraph');
}

/**
 * The GeoJSON a built file comes from: build/nsw.roadgraph is made from nsw-major-roads.geojson;
 * any other build/NAME.roadgraph from NAME.geojson in the folder above.
 */
export function defaultSourceFor(file: string): string {
  const name = basename(file).replace(/\.roadgraph$/, '');
  const folder = dirname(dirname(resolve(file)));
  return join(folder, name === 'nsw' ? 'nsw-major-roads.geojson' : `${name}.geojson`);
}

/**
 * Road lines added to the shipped NSW graph: the OpenMapTiles major roads carry no surface, so
 * the Forbes demo has one hand-drawn unsealed road (not OpenStreetMap data; data/roads/README.md).
 */
export const DEMO_ROAD_FIXTURES = ['forbes-unsealed-fixture.geojson'] as const;

/** Extra GeoJSON files built into a graph with its source: the demo fixtures for build/nsw.roadgraph. */
export function fixturesFor(file: string): string[] {
  if (basename(file) !== 'nsw.roadgraph') return [];
  const folder = dirname(dirname(resolve(file)));
  return DEMO_ROAD_FIXTURES.map((name) => join(folder, name)).filter((path) => existsSync(path));
}

/** Builds a graph from one GeoJSON file, or from several merged (a network plus its fixtures). */
export function buildRoadGraphFromGeoJSON(input: string | readonly string[], options: BuildOptions = {}): RoadGraph {
  const files = typeof input === 'string' ? [input] : input;
  return buildRoadGraph(
    files.flatMap((file) => readRoadLinesFromGeoJSON(file)),
    { source: files.map((file) => basename(file)).join(' + '), ...options },
  );
}

/** Writes atomically so concurrent processes (parallel test workers) never read half a file. */
export function writeRoadGraph(graph: RoadGraph, output: string): number {
  const bytes = serializeRoadGraph(graph);
  mkdirSync(dirname(output), { recursive: true });
  const temporary = `${output}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, output);
  return bytes.byteLength;
}

/**
 * Reads a graph file section by section, each into memory of its own (not zeroed first), so
 * what only the load needs is freed after it (see deserializeRoadGraphFrom).
 */
export function readRoadGraph(file: string): RoadGraph {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    return deserializeRoadGraphFrom((position, byteLength) => {
      if (position + byteLength > size) throw new GraphFormatError('truncated road graph');
      const bytes = Buffer.allocUnsafeSlow(byteLength);
      for (let done = 0; done < byteLength; ) {
        const got = readSync(fd, bytes, done, byteLength - done, position + done);
        if (got === 0) throw new GraphFormatError('truncated road graph');
        done += got;
      }
      return bytes;
    });
  } finally {
    closeSync(fd);
  }
}

export interface LoadOptions {
  /** GeoJSON to build from when the file is missing, outdated or from an older format. */
  source?: string;
}

/**
 * Loads a built road graph once per process and path. When the file is missing (a fresh clone),
 * older than its GeoJSON source, or in an old format, it is rebuilt from the source and written
 * back; if the folder is read-only (a Lambda bundle) the rebuilt graph is still used.
 */
export function loadRoadGraph(file: string = defaultRoadGraphPath(), options: LoadOptions = {}): RoadGraph {
  const path = resolve(file);
  const cached = loaded.get(path);
  if (cached) return cached;

  const source = options.source ?? defaultSourceFor(path);
  const haveSource = existsSync(source);
  const sources = haveSource ? [source, ...(options.source ? [] : fixturesFor(path))] : [];
  let graph: RoadGraph | undefined;
  if (existsSync(path) && !sources.some((file) => statSync(file).mtimeMs > statSync(path).mtimeMs)) {
    try {
      graph = readRoadGraph(path);
    } catch (error) {
      if (!(error instanceof GraphFormatError) || !haveSource) throw error;
    }
  }
  if (!graph) {
    if (!haveSource) throw new Error(`Road graph ${path} is missing and there is no source GeoJSON at ${source}`);
    graph = buildRoadGraphFromGeoJSON(sources);
    try {
      writeRoadGraph(graph, path);
    } catch {
      // Read-only file system: keep the graph in memory only.
    }
  }
  loaded.set(path, graph);
  return graph;
}

export function forgetLoadedRoadGraphs(): void {
  loaded.clear();
}
