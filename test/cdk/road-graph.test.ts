// The road graph is deployed beside the road-engine Lambdas, not inside them: a versioned S3
// object (a CDK asset named by its content hash) that each of them may read, fetched into /tmp
// on a cold start, with memory and /tmp sized from the graph's size.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiDomains, ROAD_GRAPH_FILE } from '../../lambdas/api/domains';
import { projectRoot } from '../../lib/project-function';
import { roadEngineSizing } from '../../lib/road-graph';
import { resourcesOfType, synthStage, type CfnResource, type Synthesized } from './synth';

const synthTimeout = 180_000;
const roadDomains = Object.entries(apiDomains).filter(([, d]) => d.roadEngine);
// The road-engine API domains, the state hazards import (it places the state's points on roads)
// and the saved-trip alerts consumer (it routes saved trips again).
const STATE_HAZARDS = /^SchedulesStateHazardsFunction/;
const SAVED_TRIPS = /^SavedTripAlertsConsumerFunction/;
const graphReaders = roadDomains.length + 2;

function roadFunctions(synth: Synthesized): [string, CfnResource][] {
  return resourcesOfType(synth.json, 'AWS::Lambda::Function').filter(([, fn]) => fn.Properties?.Environment?.Variables?.ROAD_GRAPH_KEY);
}

describe('the road graph of the deployed app', () => {
  let dev: Synthesized;
  let assetFiles: string[] = [];
  beforeAll(() => {
    dev = synthStage('dev', {}, (outdir) => {
      assetFiles = readdirSync(outdir).filter((name) => name.startsWith('asset.'));
    });
  }, synthTimeout);

  it('is one asset of its own, the graph file, that every road-engine Lambda (and the state hazards import) fetches and no other', () => {
    const graphAssets = assetFiles.filter((name) => name.endsWith('.roadgraph'));
    expect(graphAssets).toHaveLength(1);
    const functions = roadFunctions(dev);
    expect(functions).toHaveLength(graphReaders);
    expect(functions.filter(([id]) => STATE_HAZARDS.test(id))).toHaveLength(1);
    const keys = new Set(functions.map(([, fn]) => JSON.stringify(fn.Properties!.Environment.Variables.ROAD_GRAPH_KEY)));
    expect(keys.size).toBe(1);
    // The key is the asset's content hash: a new graph is a new object, a running container keeps its own.
    expect([...keys][0]).toContain(graphAssets[0]!.replace(/^asset\./, ''));
    for (const [id, fn] of functions) {
      expect(fn.Properties!.Environment.Variables.ROAD_GRAPH_BUCKET).toBeDefined();
      expect(fn.Properties!.Environment.Variables.ROAD_GRAPH_PATH).toBeUndefined();
      // The API's road engine names places by locality; the state hazards import does not.
      if (!STATE_HAZARDS.test(id) && !SAVED_TRIPS.test(id)) expect(fn.Properties!.Environment.Variables.LOCALITIES_PATH).toBe('/var/task/nsw-localities.geojson');
    }
  });

  it('may be read by each road-engine Lambda: GetObject on that one object only', () => {
    const policies = resourcesOfType(dev.json, 'AWS::IAM::Policy');
    const readers = policies.filter(([, policy]) =>
      policy.Properties!.PolicyDocument.Statement.some((s: { Action: unknown; Resource: unknown }) => s.Action === 's3:GetObject' && JSON.stringify(s.Resource).includes('.roadgraph')),
    );
    expect(readers).toHaveLength(graphReaders);
    for (const [, policy] of readers) {
      // CDK may merge it with another GetObject statement; the graph's own resource has no wildcard.
      const statement = policy.Properties!.PolicyDocument.Statement.find((s: { Resource: unknown }) => JSON.stringify(s.Resource).includes('.roadgraph'));
      const resources = [statement.Resource].flat().map((r: unknown) => JSON.stringify(r)).filter((r: string) => r.includes('.roadgraph'));
      expect(resources).toHaveLength(1);
      expect(resources[0]).not.toContain('*');
    }
  });

  it('sizes memory and /tmp from the graph file', () => {
    const fileBytes = statSync(join(projectRoot, ROAD_GRAPH_FILE)).size;
    for (const [id, fn] of roadFunctions(dev)) {
      const domain = roadDomains.find(([name]) => id.toLowerCase().startsWith(`api${name}function`));
      expect(domain ?? (STATE_HAZARDS.test(id) || SAVED_TRIPS.test(id)), id).toBeTruthy();
      // The state hazards import and the saved-trip consumer start from 1024 MB (lib/schedules.ts, lib/saved-trip-alerts.ts).
      const { memoryMb, tmpMb } = roadEngineSizing(fileBytes, domain ? (domain[1].memorySize ?? 512) : 1024);
      expect(fn.Properties!.MemorySize).toBe(memoryMb);
      expect(fn.Properties!.EphemeralStorage?.Size ?? 512).toBe(tmpMb);
    }
    // A 1M-node graph of 100 MB: the domain's memory plus 2.75 times the file; it fits the default /tmp.
    expect(roadEngineSizing(100 * 1024 * 1024, 1024)).toEqual({ memoryMb: 1344, tmpMb: 512 });
    // A graph of 1 GB still fits Lambda's limits.
    expect(roadEngineSizing(1024 * 1024 * 1024, 1024)).toEqual({ memoryMb: 3840, tmpMb: 1216 });
  });

  it('deploys another graph with -c roadGraph=FILE (an imported state network), sized for it', () => {
    const file = join(tmpdir(), `state-${process.pid}.roadgraph`);
    writeFileSync(file, Buffer.alloc(40 * 1024 * 1024, 1));
    const custom = synthStage('dev', { roadGraph: file });
    const functions = roadFunctions(custom);
    expect(functions).toHaveLength(graphReaders);
    for (const [, fn] of functions) expect(fn.Properties!.MemorySize).toBe(roadEngineSizing(40 * 1024 * 1024, 1024).memoryMb);
    expect(existsSync(file)).toBe(true);
  }, synthTimeout);
});
