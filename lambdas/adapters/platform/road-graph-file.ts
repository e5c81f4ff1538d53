// The road graph of a deployed road-engine Lambda: too big for the deployment package at state
// scale, it is an S3 object of its own (a CDK asset, versioned by its content), fetched once per
// container into /tmp on the first request. Locally and in tests ROAD_GRAPH_BUCKET is not set
// and the engine reads data/roads/build as it always has. See docs/road-engine.md.
import { createWriteStream, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface RoadGraphObject {
  bucket: string;
  key: string;
}

/** Where the graph object is, when the deployment put it in S3 (lib/api.ts sets both). */
export function roadGraphObject(env: NodeJS.ProcessEnv = process.env): RoadGraphObject | null {
  const bucket = env.ROAD_GRAPH_BUCKET;
  const key = env.ROAD_GRAPH_KEY;
  return bucket && key ? { bucket, key } : null;
}

export type DownloadObject = (object: RoadGraphObject) => Promise<Readable>;

const s3Download: DownloadObject = async ({ bucket, key }) => {
  // Loaded only where a graph is fetched: every API Lambda passes through here, few need S3.
  const { GetObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({ region: process.env.AWS_REGION ?? 'ap-southeast-2' });
  const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  if (!Body) throw new Error(`road graph s3://${bucket}/${key} has no body`);
  return Body as Readable;
};

export interface FetchedGraph {
  path: string;
  bytes: number;
  /** 0 when the container already had it. */
  downloadMs: number;
}

/**
 * Copies the graph object into `folder` (once: the file name carries the object's content
 * hash, so a new deployment's graph is a new file) and points ROAD_GRAPH_PATH at it. Null when
 * the deployment did not put the graph in S3.
 */
export async function fetchRoadGraphFile(
  env: NodeJS.ProcessEnv = process.env,
  download: DownloadObject = s3Download,
  folder = '/tmp',
): Promise<FetchedGraph | null> {
  const object = roadGraphObject(env);
  if (!object) return null;
  const path = join(folder, basename(object.key));
  let downloadMs = 0;
  if (!existsSync(path)) {
    const started = performance.now();
    // Written beside and renamed, so a download cut short by a timeout is never read as a graph.
    const partial = `${path}.${process.pid}.part`;
    try {
      await pipeline(await download(object), createWriteStream(partial));
    } catch (error) {
      rmSync(partial, { force: true }); // /tmp is small: no half files left behind
      throw error;
    }
    renameSync(partial, path);
    downloadMs = performance.now() - started;
  }
  env.ROAD_GRAPH_PATH = path;
  return { path, bytes: statSync(path).size, downloadMs };
}

let pending: Promise<FetchedGraph | null> | undefined;

/** The graph file is in place before the first request uses the road engine (once per container). */
export function roadGraphReady(): Promise<FetchedGraph | null> {
  if (!roadGraphObject()) return Promise.resolve(null);
  pending ??= fetchRoadGraphFile().catch((error: unknown) => {
    pending = undefined; // the next request tries again
    throw error;
  });
  return pending;
}
