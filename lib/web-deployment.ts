import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { MAP_STYLE_PATHS } from './map-styles';
import { logicalIdOf } from './project-function';

export interface WebDeploymentProps {
  /** The built web app (vite build), with index.html at its root. */
  readonly webDist: string;
  readonly siteBucket: IBucket;
  readonly distribution: IDistribution;
  /** /config.json (lib/web-config.ts); tokens are filled in at deploy time. */
  readonly config: Record<string, unknown>;
  readonly stage: string;
  /**
   * The site's origin (Web.siteUrl), which makes the pre-built base map's tile URLs absolute.
   * Defaults to the distribution's own domain.
   */
  readonly siteUrl?: string;
}

/** Paths whose cached copies must go on every deploy ("/" is cached apart from /index.html). */
export const invalidatedPaths = ['/', '/index.html', '/config.json', ...Object.values(MAP_STYLE_PATHS)];

/** The pre-built base map styles' file names (one per base layer). */
const styleFileNames = Object.values(MAP_STYLE_PATHS).map((p) => p.slice(1));

/** The pre-built base map's tiles (scripts/build-map-tiles.ts): one wildcard, one invalidation path. */
export const tilesInvalidatedPath = '/tiles/*';

/**
 * The built style with its root-relative tile URLs made absolute: MapLibre fetches tiles from a
 * worker, where a path alone does not resolve. The origin may be a token, filled in at deploy time.
 */
export function deployedMapStyle(style: Record<string, unknown>, origin: string): Record<string, unknown> {
  const sources = (style.sources ?? {}) as Record<string, { tiles?: unknown[] }>;
  return {
    ...style,
    sources: Object.fromEntries(
      Object.entries(sources).map(([name, source]) => [
        name,
        source.tiles
          ? { ...source, tiles: source.tiles.map((url) => (typeof url === 'string' && url.startsWith('/') ? `${origin}${url}` : url)) }
          : source,
      ]),
    ),
  };
}

/**
 * Uploads the web build and writes /config.json next to it, during `cdk deploy`. Hashed files
 * under assets/ go first and are cached for a year; the shell (index.html, service worker,
 * manifest, config.json) is revalidated on every load. Nothing is pruned: a tab or a service
 * worker still running the previous build keeps finding its chunks.
 */
export class WebDeployment extends Construct {
  constructor(scope: Construct, id: string, props: WebDeploymentProps) {
    super(scope, id);
    // Own role and log group, as ProjectFunction does: no AWS-managed policy, logs to this group only.
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Execution role of the web deployment (CDK BucketDeployment)',
    });
    const logGroup = new LogGroup(this, 'Logs', {
      retention: props.stage === 'prod' ? RetentionDays.THREE_MONTHS : RetentionDays.TWO_WEEKS,
    });
    logGroup.grantWrite(role);
    const common = {
      destinationBucket: props.siteBucket,
      role,
      logGroup,
      prune: false,
      memoryLimit: 512,
      // The object list of a whole build would not fit in a custom resource response.
      outputObjectKeys: false,
    };

    const assetsDir = join(props.webDist, 'assets');
    const assets = existsSync(assetsDir)
      ? new BucketDeployment(this, 'Assets', {
          ...common,
          sources: [Source.asset(assetsDir)],
          destinationKeyPrefix: 'assets/',
          cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
        })
      : undefined;

    // Not content-hashed, but only a data update changes them: a day in browsers, a year at the
    // edge, and every deploy invalidates them there.
    const tilesDir = join(props.webDist, 'tiles');
    const tiles = existsSync(tilesDir)
      ? new BucketDeployment(this, 'Tiles', {
          ...common,
          sources: [Source.asset(tilesDir)],
          destinationKeyPrefix: 'tiles/',
          contentType: 'application/x-protobuf',
          cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(1)), CacheControl.sMaxAge(Duration.days(365))],
          distribution: props.distribution,
          distributionPaths: [tilesInvalidatedPath],
        })
      : undefined;
    const siteUrl = props.siteUrl ?? `https://${props.distribution.distributionDomainName}`;
    const mapStyle = styleFileNames
      .filter((name) => existsSync(join(props.webDist, name)))
      .map((name) => Source.jsonData(name, deployedMapStyle(JSON.parse(readFileSync(join(props.webDist, name), 'utf8')) as Record<string, unknown>, siteUrl)));

    const shell = new BucketDeployment(this, 'Shell', {
      ...common,
      sources: [
        // A config.json in the build (none is expected) must not shadow the generated one.
        Source.asset(props.webDist, { exclude: ['assets', 'assets/**', 'tiles', 'tiles/**', 'config.json', ...styleFileNames] }),
        Source.jsonData('config.json', props.config),
        ...mapStyle,
      ],
      cacheControl: [CacheControl.noCache()],
      distribution: props.distribution,
      distributionPaths: invalidatedPaths,
    });
    if (assets) shell.node.addDependency(assets);
    // The style goes live only once the tiles it points at are there.
    if (tiles) shell.node.addDependency(tiles);

    acknowledgeDeploymentHandler(role, props.siteBucket);
  }
}

/**
 * The deployment handler is CDK's: its function (a singleton at stack level) and the grants
 * BucketDeployment writes into our role's default policy.
 */
function acknowledgeDeploymentHandler(role: Role, siteBucket: IBucket): void {
  const stack = Stack.of(role);
  const because = (what: string) =>
    `CDK's BucketDeployment handler runs only during a deployment, to copy the web build into the site bucket and invalidate the distribution; ${what}`;
  const handler = stack.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (handler) {
    Validations.of(handler).acknowledge({
      id: 'AwsSolutions-L1',
      reason: because('its Python runtime and AWS CLI layer are pinned by aws-cdk-lib, not chosen by this project.'),
    });
  }
  // The default synthesizer's asset bucket (qualifier hnb659fds) in this stack's region.
  const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
  const findings: [string, string][] = [
    [
      'Resource::*',
      because('cloudfront:CreateInvalidation and GetInvalidation are granted on "*" by BucketDeployment itself; the role has no other statement on "*".'),
    ],
    ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action): [string, string] => [
      `Action::${action}`,
      because(`${action} comes from CDK's read grant on the asset bucket and read-write grant on the site bucket, and from nowhere else.`),
    ]),
    [`Resource::<${logicalIdOf(siteBucket)}.Arn>/*`, because("it writes the site bucket's objects, whose keys are the build's file names.")],
    [
      `Resource::arn:aws:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${region}/*`,
      because('it reads the zipped build from the CDK bootstrap asset bucket, whose object keys are content hashes.'),
    ],
  ];
  for (const [finding, reason] of findings) Validations.of(role).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
}
