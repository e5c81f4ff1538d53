// A deployed road-engine Lambda fetches its graph from S3 into /tmp on its first request, once per
// container, and the engine then loads it from there; without the S3 settings nothing is fetched.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchRoadGraphFile, type DownloadObject } from '../../../lambdas/adapters/platform/road-graph-file';
import { buildRoadGraph } from '../../../lambdas/core/roads/build';
import { RoadEngine } from '../../../lambdas/core/roads/engine';
import { serializeRoadGraph } from '../../../lambdas/core/roads/format';
import { forgetLoadedRoadGraphs, loadRoadGraph } from '../../../lambdas/core/roads/load';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'graph-file-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  forgetLoadedRoadGraphs();
});

const graphBytes = serializeRoadGraph(
  buildRoadGraph([
    { coordinates: [[148.0, -33.4], [148.01, -33.4], [148.02, -33.4]], name: 'Lachlan Street', ref: null, roadClass: 'residential', oneway: false, maxspeed: null },
  ]),
);

function countingDownload(bytes: Uint8Array) {
  const calls: { bucket: string; key: string }[] = [];
  const download: DownloadObject = async (object) => {
    calls.push(object);
    return Readable.from([Buffer.from(bytes)]);
  };
  return { calls, download };
}

describe('the road graph file of a deployed Lambda', () => {
  it('is fetched once into the folder under its versioned name, and the engine routes on it', async () => {
    const tmp = folder();
    const env: NodeJS.ProcessEnv = { ROAD_GRAPH_BUCKET: 'cdk-assets', ROAD_GRAPH_KEY: '5b8d82b2.roadgraph' };
    const { calls, download } = countingDownload(graphBytes);
    const first = await fetchRoadGraphFile(env, download, tmp);
    expect(first).toMatchObject({ path: join(tmp, '5b8d82b2.roadgraph'), bytes: graphBytes.byteLength });
    expect(env.ROAD_GRAPH_PATH).toBe(join(tmp, '5b8d82b2.roadgraph'));
    expect(readFileSync(first!.path)).toEqual(Buffer.from(graphBytes));
    // A warm container (the file is there) does not fetch it again.
    const second = await fetchRoadGraphFile(env, download, tmp);
    expect(second).toMatchObject({ path: first!.path, downloadMs: 0 });
    expect(calls).toEqual([{ bucket: 'cdk-assets', key: '5b8d82b2.roadgraph' }]);

    const engine = new RoadEngine(loadRoadGraph(env.ROAD_GRAPH_PATH));
    const route = engine.route([{ lng: 148.001, lat: -33.4 }, { lng: 148.019, lat: -33.4 }]);
    expect(route.steps[0]!.name).toBe('Lachlan Street');
  });

  it('a new deployment (another key) fetches the new graph', async () => {
    const tmp = folder();
    const { calls, download } = countingDownload(graphBytes);
    await fetchRoadGraphFile({ ROAD_GRAPH_BUCKET: 'b', ROAD_GRAPH_KEY: 'one.roadgraph' }, download, tmp);
    await fetchRoadGraphFile({ ROAD_GRAPH_BUCKET: 'b', ROAD_GRAPH_KEY: 'two.roadgraph' }, download, tmp);
    expect(calls.map((c) => c.key)).toEqual(['one.roadgraph', 'two.roadgraph']);
  });

  it('a download cut short leaves no graph file behind to be read', async () => {
    const tmp = folder();
    const failing: DownloadObject = async () =>
      new Readable({
        read() {
          this.destroy(new Error('connection reset'));
        },
      });
    await expect(fetchRoadGraphFile({ ROAD_GRAPH_BUCKET: 'b', ROAD_GRAPH_KEY: 'g.roadgraph' }, failing, tmp)).rejects.toThrow('connection reset');
    expect(readdirSync(tmp)).toEqual([]);
    const { download } = countingDownload(graphBytes);
    const retried = await fetchRoadGraphFile({ ROAD_GRAPH_BUCKET: 'b', ROAD_GRAPH_KEY: 'g.roadgraph' }, download, tmp);
    expect(readFileSync(retried!.path)).toEqual(Buffer.from(graphBytes));
  });

  it('is not fetched where the deployment did not put it in S3 (locally the engine reads data/roads/build)', async () => {
    const { calls, download } = countingDownload(graphBytes);
    const env: NodeJS.ProcessEnv = {};
    expect(await fetchRoadGraphFile(env, download, folder())).toBeNull();
    expect(env.ROAD_GRAPH_PATH).toBeUndefined();
    expect(calls).toEqual([]);
  });
});
