// The base map in AWS: the pre-built style and tiles (scripts/build-map-tiles.ts) go up with the
// web build, or, with context amazonLocationStyleUrl, the app gets Amazon Location's style and
// the CSP lets the browser reach it.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicalIdOf } from '../../lib/project-function';
import { tilesInvalidatedPath } from '../../lib/web-deployment';
import { TILE_SOURCES } from '../../local/map/tiles';
import { buildMapTiles } from '../../scripts/build-map-tiles';
import { resourcesOfType, synthStage, WEB_FIXTURE, type CfnResource, type Synthesized } from './synth';

const synthTimeout = 120_000;
const styleUrl = 'https://maps.geo.ap-southeast-2.amazonaws.com/v2/styles/Standard/descriptor?key=v1.public.test-key';
const FORBES = fileURLToPath(new URL('../fixtures/roads/forbes-roads.geojson', import.meta.url));

type Deployment = CfnResource & { DependsOn?: string[] };

function cspOf(synth: Synthesized, policyId: string): string {
  const policy = resourcesOfType(synth.json, 'AWS::CloudFront::ResponseHeadersPolicy').find(([id]) => id.includes(policyId))!;
  const csp = policy[1].Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
  return typeof csp === 'string' ? csp : JSON.stringify(csp);
}

const directive = (csp: string, name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';

describe('dev stage with a built base map and Amazon Location configured', () => {
  let webDist: string;
  let dev: Synthesized;
  let staged: string[][];
  let stagedStyle = '';
  let stagedMinimal = '';

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'web-map-'));
    cpSync(WEB_FIXTURE, webDist, { recursive: true });
    await buildMapTiles({ outDir: webDist, maxZoom: 5, sources: { roads: { ...TILE_SOURCES.roads, file: FORBES } } });
    staged = [];
    dev = synthStage('dev', { webDist, amazonLocationStyleUrl: styleUrl }, (outdir) => {
      for (const entry of readdirSync(outdir, { withFileTypes: true })) {
        if (!entry.isDirectory() || !entry.name.startsWith('asset.')) continue;
        const files = readdirSync(join(outdir, entry.name), { recursive: true }).map(String);
        staged.push(files);
        if (files.length === 1 && files[0] === 'map-style.json') stagedStyle = readFileSync(join(outdir, entry.name, files[0]), 'utf8');
        if (files.length === 1 && files[0] === 'map-style-minimal.json') stagedMinimal = readFileSync(join(outdir, entry.name, files[0]), 'utf8');
      }
    });
  }, synthTimeout);
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it('has no unacknowledged finding', () => {
    expect(dev.findings).toEqual([]);
  });

  it('uploads the tiles as protobuf, a day in browsers and a year at the edge, invalidated per deploy', () => {
    const all = resourcesOfType(dev.json, 'Custom::CDKBucketDeployment') as [string, Deployment][];
    expect(all).toHaveLength(3);
    const [tilesId, tiles] = all.find(([, d]) => d.Properties!.DestinationBucketKeyPrefix === 'tiles/')!;
    expect(tiles.Properties).toMatchObject({
      DestinationBucketName: { Ref: logicalIdOf(dev.stack.web.siteBucket) },
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=86400, s-maxage=31536000', 'content-type': 'application/x-protobuf' },
      DistributionId: { Ref: logicalIdOf(dev.stack.web.distribution) },
      DistributionPaths: [tilesInvalidatedPath],
    });
    const [, shell] = all.find(([, d]) => d.Properties!.DistributionPaths?.includes('/index.html'))!;
    expect(shell.DependsOn).toContain(tilesId);
    expect(shell.Properties!.DistributionPaths).toContain('/map-style.json');
    expect(shell.Properties!.DistributionPaths).toContain('/map-style-minimal.json');
  });

  it('stages the tiles on their own and keeps them and the built style out of the shell', () => {
    expect(staged.some((files) => files.some((f) => /^roads\/\d+\/\d+\/\d+\.pbf$/.test(f)))).toBe(true);
    const shellBuild = staged.find((files) => files.includes('index.html'))!;
    expect(shellBuild.some((f) => f.startsWith('tiles') || f.startsWith('map-style'))).toBe(false);
    // The minimal base layer's style is deployed beside the default one, on the same tiles.
    const minimal = JSON.parse(stagedMinimal);
    expect(minimal.metadata['road-closures:base-layer']).toBe('minimal');
    expect(minimal.sources.roads.tiles).toEqual(JSON.parse(stagedStyle).sources.roads.tiles);
  });

  it('writes /map-style.json with tile URLs on the site origin, filled in at deploy time', () => {
    const style = JSON.parse(stagedStyle);
    const [url] = style.sources.roads.tiles as string[];
    expect(url).toMatch(/^https:\/\/<<marker:0x[0-9a-f]+:\d+>>\/tiles\/roads\/\{z\}\/\{x\}\/\{y\}\.pbf$/);
    expect(style.sources.roads.maxzoom).toBe(5);
    const shell = resourcesOfType(dev.json, 'Custom::CDKBucketDeployment').find(([, d]) => d.Properties!.DistributionPaths?.includes('/index.html'))![1];
    const markers = Object.assign({}, ...shell.Properties!.SourceMarkers) as Record<string, unknown>;
    const marker = url.slice('https://'.length, url.indexOf('/tiles/'));
    expect(JSON.stringify(markers[marker])).toContain(logicalIdOf(dev.stack.web.distribution));
  });

  it('lets the browser fetch the Amazon Location style, tiles, glyphs and sprites', () => {
    for (const policy of ['AppHeaders', 'EmbedHeaders']) {
      const csp = cspOf(dev, policy);
      expect(directive(csp, 'connect-src')).toContain('https://maps.geo.ap-southeast-2.amazonaws.com');
      expect(directive(csp, 'img-src')).toContain('https://maps.geo.ap-southeast-2.amazonaws.com');
      expect(directive(csp, 'worker-src')).toBe("worker-src 'self' blob:");
    }
  });

  // Needs lib/stack.ts to pass `mapStyle: this.web.mapStyleUrl` to webConfig().
  it('puts the Amazon Location style in /config.json', () => {
    expect(dev.stack.web.mapStyleUrl).toBe(styleUrl);
    const config = dev.stack.resolve(dev.stack.webConfig()) as { app: { mapStyle: string; mapStyles: Record<string, string> } };
    expect(config.app.mapStyle).toBe(styleUrl);
    // The minimal base layer is Amazon Location's Monochrome style, same region and key.
    expect(config.app.mapStyles).toEqual({ streets: styleUrl, minimal: styleUrl.replace('/styles/Standard/', '/styles/Monochrome/') });
  });
});

describe('without Amazon Location', () => {
  it('keeps the CSP free of it and the config on the pre-built style', () => {
    const dev = synthStage('dev');
    expect(cspOf(dev, 'AppHeaders')).not.toContain('maps.geo');
    expect(dev.stack.web.mapStyleUrl).toBe('/map-style.json');
    expect(dev.stack.web.mapStyleUrls).toEqual({ streets: '/map-style.json', minimal: '/map-style-minimal.json' });
  }, synthTimeout);

  it('rejects a style URL that is not an Amazon Location https URL', () => {
    expect(() => synthStage('dev', { amazonLocationStyleUrl: 'http://maps.geo.ap-southeast-2.amazonaws.com/v2/styles/Standard/descriptor' })).toThrow(
      /amazonLocationStyleUrl/,
    );
    expect(() => synthStage('dev', { amazonLocationStyleUrl: 'https://tiles.example.com/style.json' })).toThrow(/amazonLocationStyleUrl/);
  }, synthTimeout);
});
