import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct, type IConstruct } from 'constructs';

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

    acknowledgeDeploymentHandler(this, props.siteBucket);
  }
}

/** CDK's BucketDeployment singleton (its function and the policy on our role). */
function acknowledgeDeploymentHandler(scope: WebDeployment, siteBucket: IBucket): void {
  const stack = Stack.of(scope);
  const handler = stack.node.children.find((child) => child.node.id.startsWith('CustomCDKBucketDeployment'));
  const targets: IConstruct[] = [scope, ...(handler ? [handler] : [])];
  const siteBucketId = stack.resolve((siteBucket.node.defaultChild as { logicalId: string } | undefined)?.logicalId) as string;
  const reason = (what: string) =>
    `CDK's BucketDeployment handler runs only during a deployment, to copy the web build into the site bucket and invalidate the distribution; ${what}`;
  const findings: [string, string][] = [
    ['AwsSolutions-L1', reason('its Python runtime and AWS CLI layer are pinned by aws-cdk-lib, not by this project.')],
    [
      'AwsSolutions-IAM5[Resource::*]',
      reason('cloudfront:CreateInvalidation and GetInvalidation take no resource-level scope here (the distribution ARN is not accepted by the grant CDK writes); X-Ray is not used.'),
    ],
    ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map(
      (action): [string, string] => [`AwsSolutions-IAM5[Action::${action}]`, reason(`${action} comes from CDK's grantRead/grantReadWrite on the asset bucket and the site bucket only.`)],
    ),
    [`AwsSolutions-IAM5[Resource::<${siteBucketId}.Arn>/*]`, reason('it writes the objects of the site bucket, whose keys are the build\'s file names.')],
    [
      'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
      reason('it reads the zipped build from the CDK bootstrap asset bucket, whose object keys are content hashes.'),
    ],
  ];
  for (const target of targets) {
    for (const [id, text] of findings) Validations.of(target).acknowledge({ id, reason: text });
  }
}
