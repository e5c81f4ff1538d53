// The importer of the state's hazards on the real local stack: the recorded payloads through the
// stand-in (a real HTTP fetch with the API key), records per council, only what changed written,
// ended hazards removed, the public file with attribution, and a feed that is down, slow, huge or
// hostile leaving the last good state in place. Runs one after another: they share the import item.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { gql, signIn } from '../../support/api';
import { answersOf, stateFeature, stateFile, useStateFeedStack } from './support';

let importer: typeof import('../../../lambdas/adapters/livetraffic/import');
let store: typeof import('../../../lambdas/adapters/livetraffic/store');
let client: typeof import('../../../lambdas/adapters/livetraffic/client');

beforeAll(async () => {
  useStateFeedStack();
  importer = await import('../../../lambdas/adapters/livetraffic/import');
  store = await import('../../../lambdas/adapters/livetraffic/store');
  client = await import('../../../lambdas/adapters/livetraffic/client');
});

const FORBES = '12900';
const PARKES = '16200';

describe('importing the state hazards', { timeout: 120_000, sequential: true }, () => {
  it('imports the recorded payloads from the stand-in into records per council, named as recorded data', async () => {
    const result = await importer.importStateHazards();
    expect(result.failed).toEqual([]);
    expect(result.hazards).toBeGreaterThan(250);
    expect(result.written).toBe(result.hazards);

    const forbes = await store.hazardsOfLga(FORBES);
    const weelong = forbes.find((h) => h.id === '676537')!;
    expect(weelong).toMatchObject({ source: 'livetraffic', lgaCode: FORBES, kind: 'roadwork', geometrySource: 'road-engine', closesRoad: false });
    expect(weelong.geometry?.type).toBe('LineString');
    expect(weelong.geometryNote).toMatch(/Newell Highway/);
    // Times moved to today: the roadwork was last updated within the last week, not in 2017.
    expect(weelong.lastUpdated!).toBeGreaterThan(Date.now() / 1000 - 7 * 86400);

    const parkes = await store.hazardsOfLga(PARKES);
    expect(parkes.map((h) => h.id)).toContain('698596');
    // The Grenfell Street incident was ended in the recording: not imported.
    expect(parkes.map((h) => h.id)).not.toContain('699290');

    const { file } = await stateFile();
    expect(file).toMatchObject({ sourceName: 'Live Traffic NSW', attribution: expect.stringContaining('CC BY 4.0'), recorded: expect.stringContaining('Recorded') });
    expect(file!.hazards.find((h) => h.id === '676537')).toMatchObject({ lgaCode: FORBES, headline: expect.stringContaining('WEELONG') });
  });

  it('writes nothing when nothing changed, and only the changed and ended hazards when some did', async () => {
    const again = await importer.importStateHazards();
    expect(again).toMatchObject({ written: 0, removed: 0, opened: 0, ended: 0 });

    const only = [stateFeature(990001, 148.0, -33.3), stateFeature(990002, 148.17, -33.15)];
    const first = await importer.importStateHazards({ fetchKind: answersOf({ incident: only }) });
    // Every recorded roadwork, event and flood is gone from this answer: ended by the state.
    expect(first.written).toBe(2);
    expect(first.removed).toBeGreaterThan(250);
    const second = await importer.importStateHazards({ fetchKind: answersOf({ incident: [only[0], stateFeature(990002, 148.17, -33.15, { adviceB: 'Use the detour' })] }) });
    expect(second).toMatchObject({ written: 1, removed: 0 });
    const third = await importer.importStateHazards({ fetchKind: answersOf({ incident: [only[0], stateFeature(990002, 148.17, -33.15, { ended: true })] }) });
    expect(third).toMatchObject({ written: 0, removed: 1, ended: 1 });
    expect((await store.hazardsOfLga(PARKES)).map((h) => h.id)).not.toContain('990002');
  });

  it('keeps the last good state of a kind that is down, and says how old it is', async () => {
    const before = await store.readImport();
    const result = await importer.importStateHazards({ fetchKind: answersOf({ incident: { failed: 'HTTP 503' } }) });
    expect(result).toMatchObject({ written: 0, removed: 0, failed: [{ kind: 'incident', reason: 'HTTP 503' }] });
    expect((await store.hazardsOfLga(FORBES)).map((h) => h.id)).toContain('990001');
    const after = await store.readImport();
    expect(after!.lastGoodAt).toBe(before!.lastGoodAt);
    expect(after!.kinds.find((k) => k.kind === 'incident')).toMatchObject({ outcome: 'failed', detail: 'HTTP 503' });
    const { file } = await stateFile();
    expect(file!.hazards.map((h) => h.id)).toContain('990001');
    expect(file!.lastGoodAt).toBe(before!.lastGoodAt);
  });

  it('counts refused items in the import health, and imports the rest', async () => {
    const result = await importer.importStateHazards({
      fetchKind: answersOf({
        incident: [
          stateFeature(990001, 148.0, -33.3),
          { ...stateFeature(990003, 0, 0), geometry: { type: 'POINT' } },
          stateFeature(990004, 160.5, -20),
          { id: 'bad id with spaces', properties: {} },
          stateFeature(990001, 148.0, -33.3),
        ],
      }),
    });
    expect(result.refused).toBe(4);
    const health = await store.readImport();
    expect(health!.refused).toEqual(
      expect.arrayContaining([
        { reason: 'bad-geometry', count: 1, sampleIds: ['990003'] },
        { reason: 'outside-councils', count: 1, sampleIds: ['990004'] },
        { reason: 'no-id', count: 1, sampleIds: [] },
        { reason: 'duplicate', count: 1, sampleIds: ['990001'] },
      ]),
    );
  });

  it('refuses a 10 MB answer, a slow one and one without the key, keeping the state as it was', async () => {
    const huge = Buffer.alloc(10 * 1024 * 1024, ' ');
    let requests = 0;
    const server = createServer((req, res) => {
      requests++;
      if (req.url?.includes('/incident/')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"features":[');
        res.end(huge);
      } else if (req.url?.includes('/roadwork/')) {
        setTimeout(() => res.end('{"features":[]}'), 3_000);
      } else res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await client.fetchHazardKind('incident', { baseUrl })).toEqual({ kind: 'incident', failed: 'answer larger than 8 MB' });
      expect(await client.fetchHazardKind('roadwork', { baseUrl, timeoutMs: 300 })).toEqual({ kind: 'roadwork', failed: 'no answer in time' });
      expect(await client.fetchHazardKind('flood', { baseUrl })).toEqual({ kind: 'flood', failed: 'HTTP 500' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
    expect(requests).toBe(3);
    // The stand-in itself refuses a wrong key, as the real API does.
    process.env.LIVE_TRAFFIC_API_KEY = 'wrong';
    client.resetLiveTrafficKey();
    expect(await client.fetchHazardKind('flood')).toEqual({ kind: 'flood', failed: 'HTTP 401' });
    process.env.LIVE_TRAFFIC_API_KEY = 'local-stand-in-key';
    client.resetLiveTrafficKey();
    expect(await client.fetchHazardKind('flood')).toMatchObject({ kind: 'flood', body: { features: [{ id: 626223 }] } });
  });
});

describe('the import on the admin diagnostics screen', { timeout: 120_000 }, () => {
  const DIAGNOSTICS = `query { diagnostics(limit: 1) { schedules { name outcome detail lastRunAt } } }`;
  const livetraffic = async () => {
    const admin = { token: (await signIn('admin@example.com')).accessToken };
    const res = await gql<{ diagnostics: { schedules: { name: string; outcome: string; detail: string }[] } }>(DIAGNOSTICS, {}, admin);
    return res.data!.diagnostics.schedules.find((s) => s.name === 'livetraffic');
  };

  it('shows a cycle where the feed did not answer as failed, and a good cycle with its counts', async () => {
    const { handler } = await import('../../../lambdas/schedules/livetraffic');
    process.env.LIVE_TRAFFIC_API_URL = 'http://127.0.0.1:9';
    await expect(handler()).rejects.toThrow(/did not answer/);
    expect(await livetraffic()).toMatchObject({ outcome: 'failed', detail: expect.stringContaining('The Live Traffic NSW feed did not answer: incident unreachable') });

    process.env.LIVE_TRAFFIC_API_URL = `${inject('stack').url}/dev/livetraffic`;
    await handler();
    // Three recorded points lie in no council's boundary (on the water or over the border): refused and counted.
    expect(await livetraffic()).toMatchObject({ outcome: 'ok', detail: expect.stringMatching(/^\d+ state hazards; \d+ written, \d+ removed, 3 refused$/) });
    expect((await store.readImport())!.refused).toEqual([{ reason: 'outside-councils', count: 3, sampleIds: expect.any(Array) }]);
  });
});
