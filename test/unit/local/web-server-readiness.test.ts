// The local web server answers "starting" until the first seed is done, so a browser or script
// that opens the app at once never meets a sign-in error from missing demo accounts.
import http from 'node:http';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import type { S3Client } from '@aws-sdk/client-s3';
import { createWebServer } from '../../../local/web-server';
import { freePort } from '../../support/ports';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

const INVOKE_SECRET = 'per-start-secret';


async function startServer(isReady: () => boolean) {
  const port = await freePort();
  server = createWebServer({
    port,
    invokeSecret: INVOKE_SECRET,
    webRoot: os.tmpdir(),
    config: () => ({ API: { GraphQL: { endpoint: 'x' } } }),
    s3: {} as S3Client,
    graphql: { handleHttp: async () => false, attachRealtime: () => undefined },
    log: () => undefined,
    dataDir: os.tmpdir(),
    isReady,
  });
  await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${port}`;
}

describe('local web server readiness', () => {
  it('answers 503 "starting" for the config, the API and pages until seeding is done, then serves them', async () => {
    let ready = false;
    const base = await startServer(() => ready);

    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'starting' });

    const config = await fetch(`${base}/config.json`);
    expect(config.status).toBe(503);
    expect(config.headers.get('retry-after')).toBe('1');
    expect(await config.json()).toMatchObject({ status: 'starting' });

    const page = await fetch(`${base}/login`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('http-equiv="refresh"');

    ready = true;
    const readyHealth = await fetch(`${base}/health`);
    expect(readyHealth.status).toBe(200);
    expect(await readyHealth.json()).toEqual({ status: 'ready' });
    const readyConfig = await fetch(`${base}/config.json`);
    expect(readyConfig.status).toBe(200);
    expect(await readyConfig.json()).toEqual({ API: { GraphQL: { endpoint: 'x' } } });
  });

  it('keeps the Lambda-invoke endpoint answering while starting (seeding accounts runs Cognito triggers)', async () => {
    const base = await startServer(() => false);
    const response = await fetch(`${base}/2015-03-31/functions/no-such-trigger/invocations`, {
      method: 'POST',
      body: '{}',
      headers: { authorization: `AWS4-HMAC-SHA256 Credential=${INVOKE_SECRET}/20261125/ap-southeast-2/lambda/aws4_request` },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('x-amzn-errortype')).toBe('ResourceNotFoundException');
  });
});
