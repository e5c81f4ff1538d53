// What /config.json tells the web app about itself: the version the navigation bar shows is the
// package's (the spec's "App version 0.20.7"), however the stack was started.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const packageVersion = (JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { version: string }).version;

describe('/config.json', () => {
  it("carries the package's version, the one the spec names", async () => {
    const config = (await (await fetch(`${inject('stack').url}/config.json`)).json()) as { app: { version: string } };
    expect(packageVersion).toBe('0.20.7');
    expect(config.app.version).toBe(packageVersion);
  });

  it('sends the LGA boundaries bundle compressed', async () => {
    const url = inject('stack').url;
    const query = `query { lgaDataImport { downloadUrl } }`;
    const api = (await (await fetch(`${url}/config.json`)).json()) as { API: { GraphQL: { apiKey: string } } };
    const answer = (await (await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': api.API.GraphQL.apiKey }, body: JSON.stringify({ query }) })).json()) as {
      data: { lgaDataImport: { downloadUrl: string } };
    };
    const response = await fetch(answer.data.lgaDataImport.downloadUrl, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status).toBe(200);
    expect(['br', 'gzip']).toContain(response.headers.get('content-encoding'));
    // Stored gzip-encoded (as an administrator's import is): the wire carries a fraction of the JSON.
    const sent = Number(response.headers.get('content-length'));
    const json = (await response.arrayBuffer()).byteLength;
    expect(sent * 2).toBeLessThan(json);
  });
});
