import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { logicalIdOf } from './project-function';

export interface WebDeploymentProps {
  /** The built web app (vite build), with index.html at its root. */
  readonly webDist: string;
  readonly siteBucket: IBucket;
  readonly distribution: IDistribution;
  /** /config.json (lib/web-config.ts); tokens are filled in at deploy time. */
  readonly config: Record<string, unknown>;
  readonly stage: string;
}

/** Paths whose cached copies must go on every deploy ("/" is cached apart from /index.html). */
export const invalidatedPaths = ['/', '/index.html', '/config.json'];

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

    const shell = new BucketDeployment(this, 'Shell', {
      ...common,
      sources: [
        // A config.json in the build (none is expected) must not shadow the generated one.
        Source.asset(props.webDist, { exclude: ['assets', 'assets/**', 'config.json'] }),
        Source.jsonData('config.json', props.config),
      ],
      cacheControl: [CacheControl.noCache()],
      distribution: props.distribution,
      distributionPaths: invalidatedPaths,
    });
    if (assets) shell.node.addDependency(assets);

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
