// The web app and /config.json in AWS: uploaded by the deployment when a build exists (here a
// fixture build), in the shape the local runtime serves, with the demo switch per stage.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { logicalIdOf } from '../../lib/project-function';
import { invalidatedPaths } from '../../lib/web-deployment';
import { resourcesOfType, synthStage, WEB_FIXTURE, type CfnResource, type Synthesized } from './synth';

const synthTimeout = 120_000;

interface WithWeb {
  synth: Synthesized;
  /** Files of every staged directory asset, by asset folder name. */
  staged: Map<string, string[]>;
  /** config.json as staged, markers (deploy-time values) still in place. */
  configJson: string;
}

function synthWithWeb(stage: string): WithWeb {
  const staged = new Map<string, string[]>();
  let configJson = '';
  const synth = synthStage(stage, { webDist: WEB_FIXTURE }, (outdir) => {
    for (const entry of readdirSync(outdir, { withFileTypes: true })) {
      if (!entry.isDirectory() || !entry.name.startsWith('asset.')) continue;
      const dir = join(outdir, entry.name);
      const files = readdirSync(dir, { recursive: true }).map(String);
      staged.set(entry.name, files);
      if (files.length === 1 && files[0] === 'config.json') configJson = readFileSync(join(dir, 'config.json'), 'utf8');
    }
  });
  return { synth, staged, configJson };
}

function deployments(synth: Synthesized): Record<string, CfnResource> {
  return Object.fromEntries(resourcesOfType(synth.json, 'Custom::CDKBucketDeployment'));
}

/** The staged config.json with each deploy-time marker replaced by the value it stands for. */
function resolvedConfig(withWeb: WithWeb): any {
  const shell = Object.values(deployments(withWeb.synth)).find((d) => d.Properties!.DistributionPaths)!;
  const markers = shell.Properties!.SourceMarkers.find((m: Record<string, unknown>) => Object.keys(m).length > 0) as Record<string, unknown>;
  let text = withWeb.configJson;
  for (const [marker, value] of Object.entries(markers)) text = text.split(marker).join(`TOKEN${JSON.stringify(value).replace(/"/g, "'")}`);
  return JSON.parse(text);
}

describe('without a web build', () => {
  it('deploys no web content and no deployment handler', () => {
    const dev = synthStage('dev');
    expect(dev.stack.webDeployment).toBeUndefined();
    expect(resourcesOfType(dev.json, 'Custom::CDKBucketDeployment')).toEqual([]);
    // Still the config body, for a manual upload.
    expect(Object.keys(dev.json.Outputs)).toContain('WebConfig');
  }, synthTimeout);
});

describe('dev stage with a web build', () => {
  let dev: WithWeb;
  beforeAll(() => {
    dev = synthWithWeb('dev');
  }, synthTimeout);

  it('has no unacknowledged finding, the deployment handler included', () => {
    expect(dev.synth.findings).toEqual([]);
  });

  it('uploads the hashed assets first, cached for a year, then the shell, revalidated', () => {
    const site = { Ref: logicalIdOf(dev.synth.stack.web.siteBucket) };
    const all = deployments(dev.synth);
    expect(Object.keys(all)).toHaveLength(2);
    const [assetsId, assets] = Object.entries(all).find(([, d]) => d.Properties!.DestinationBucketKeyPrefix === 'assets/')!;
    const [, shell] = Object.entries(all).find(([id]) => id !== assetsId)!;
    expect(assets.Properties).toMatchObject({
      DestinationBucketName: site,
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(shell.Properties).toMatchObject({
      DestinationBucketName: site,
      Prune: false,
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    expect((shell as CfnResource & { DependsOn?: string[] }).DependsOn).toContain(assetsId);
  });

  it('invalidates the shell paths on the distribution', () => {
    const shell = Object.values(deployments(dev.synth)).find((d) => d.Properties!.DistributionPaths)!;
    expect(shell.Properties!.DistributionId).toEqual({ Ref: logicalIdOf(dev.synth.stack.web.distribution) });
    expect(shell.Properties!.DistributionPaths).toEqual(invalidatedPaths);
    expect(invalidatedPaths).toEqual(expect.arrayContaining(['/index.html', '/config.json']));
  });

  it('stages the build without its own config.json, and the generated config.json apart', () => {
    const folders = [...dev.staged.values()];
    const shellBuild = folders.find((files) => files.includes('index.html'));
    expect(shellBuild).toEqual(expect.arrayContaining(['index.html', 'sw.js']));
    expect(shellBuild).not.toContain('config.json');
    expect(shellBuild!.some((f) => f.startsWith('assets'))).toBe(false);
    expect(folders).toContainEqual(['index-fixture.js']);
    expect(dev.configJson).not.toBe('');
  });

  it('writes /config.json in the shape the local runtime serves, filled in at deploy time', () => {
    const { stack } = dev.synth;
    const config = resolvedConfig(dev);
    expect(Object.keys(config).sort()).toEqual(['API', 'Auth', 'app']);
    expect(config.Auth.Cognito).toEqual({
      userPoolId: `TOKEN{'Ref':'${logicalIdOf(stack.auth.userPool)}'}`,
      userPoolClientId: `TOKEN{'Ref':'${logicalIdOf(stack.auth.client)}'}`,
      loginWith: { email: true },
    });
    expect(config.API.GraphQL).toEqual({
      endpoint: `TOKEN{'Fn::GetAtt':['${logicalIdOf(stack.api.api)}','GraphQLUrl']}`,
      region: 'ap-southeast-2',
      defaultAuthMode: 'apiKey',
      apiKey: expect.stringMatching(/^TOKEN\{'Fn::GetAtt':\['.*PublicApiKey.*','ApiKey'\]\}$/),
    });
    expect(config.app).toEqual({
      stage: 'dev',
      local: false,
      demo: false,
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      mapStyle: '/map-style.json',
      mapStyles: { streets: '/map-style.json', minimal: '/map-style-minimal.json' },
      authFlowType: 'USER_SRP_AUTH',
      features: { push: false, socialProviders: [] },
    });
  });

  it('publishes the same body as the WebConfig output', () => {
    const output = JSON.stringify(dev.synth.json.Outputs.WebConfig.Value);
    for (const key of ['loginWith', 'defaultAuthMode', 'USER_SRP_AUTH', '\\"demo\\":false']) expect(output).toContain(key);
  });
});

describe('demo stage with a web build', () => {
  it('tells the web app it is a demo', () => {
    const demo = synthWithWeb('demo');
    expect(demo.synth.findings).toEqual([]);
    expect(resolvedConfig(demo).app).toMatchObject({ stage: 'demo', demo: true, local: false });
  }, synthTimeout);
});
