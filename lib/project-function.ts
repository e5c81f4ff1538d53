import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnElement, Duration, Size, Stack, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Policy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { Construct, IConstruct } from 'constructs';
import { stageEnvironment } from './stage-settings';

/** What keeps the Cognito groups that mirror the user records (admin, staff) in step. */
export const GROUP_MIRROR_ACTIONS = [
  'cognito-idp:ListUsers',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
] as const;

/** The repository root: entries, the lock file and the schema are resolved from here. */
export const projectRoot = fileURLToPath(new URL('..', import.meta.url));

export interface ProjectFunctionProps {
  /** Handler module relative to the project root, e.g. `lambdas/schedules/hourly.ts`. */
  readonly entry: string;
  readonly stage: string;
  /** POWERTOOLS_SERVICE_NAME; defaults to the construct id. */
  readonly service?: string;
  readonly description?: string;
  readonly memorySize?: number;
  readonly timeout?: Duration;
  /** /tmp space, for a file fetched on a cold start (the road graph); Lambda's default is 512 MiB. */
  readonly ephemeralStorageSize?: Size;
  readonly environment?: Record<string, string>;
  /** Data files copied next to the bundle (paths relative to the project root), e.g. the road graph. */
  readonly bundledFiles?: readonly string[];
  /**
   * Packages installed into the bundle instead of bundled (native code such as sharp), for
   * Lambda's platform (linux, arm64) whatever machine synthesizes.
   */
  readonly nativeModules?: readonly string[];
  /** Where asynchronous invocations go once Lambda's retries are spent (e.g. SNS consumers). */
  readonly deadLetterQueue?: IQueue;
}

/**
 * The defaults every handler needs (Node 22 on Graviton, X-Ray, bundled ESM with source maps,
 * a retained log group), plus binders that grant exactly one resource and name it in the
 * environment, so a function gets its permissions and its configuration in one call.
 */
export class ProjectFunction extends NodejsFunction {
  /** The handler module, relative to the project root (tests read what it imports). */
  readonly entry: string;

  constructor(scope: Construct, id: string, props: ProjectFunctionProps) {
    // Own role and log group instead of the defaults: the default role carries the AWS-managed
    // AWSLambdaBasicExecutionRole (logs:* on every log group); this one may write its own group only.
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${id}`,
    });
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.stage === 'prod' ? RetentionDays.THREE_MONTHS : RetentionDays.TWO_WEEKS,
    });

    super(scope, id, {
      entry: join(projectRoot, props.entry),
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      tracing: Tracing.ACTIVE,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      ephemeralStorageSize: props.ephemeralStorageSize,
      role,
      logGroup,
      deadLetterQueue: props.deadLetterQueue,
      projectRoot,
      depsLockFilePath: join(projectRoot, 'package-lock.json'),
      environment: {
        STAGE: props.stage,
        POWERTOOLS_SERVICE_NAME: props.service ?? id,
        NODE_OPTIONS: '--enable-source-maps',
        // ADMIN_MFA and DEMO_MODE, as the stage's settings say (lib/stage-settings.ts).
        ...stageEnvironment(props.stage),
        ...props.environment,
      },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: 'node22',
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        mainFields: ['module', 'main'],
        // Bundle the SDK too: @aws-sdk/s3-presigned-post and lib-dynamodb are not in the Lambda
        // runtime, and a pinned SDK behaves the same in AWS as in the local runtime and tests.
        bundleAwsSDK: true,
        externalModules: [],
        ...(props.nativeModules?.length
          ? {
              nodeModules: [...props.nativeModules],
              environment: { npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc' },
            }
          : {}),
        // CommonJS dependencies bundled into an ES module still call require() for Node built-ins.
        banner:
          "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
        ...(props.bundledFiles?.length
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                // The files land in /var/task beside index.mjs; a missing file fails the synth.
                afterBundling: (_inputDir: string, outputDir: string) =>
                  props.bundledFiles!.map((file) => `cp "${join(projectRoot, file)}" "${outputDir}/"`),
              },
            }
          : {}),
      },
    });

    this.entry = props.entry;
    logGroup.grantWrite(role);
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Tracing.ACTIVE grants xray:PutTraceSegments and xray:PutTelemetryRecords, which support no resource-level permissions; the role has no other statement on "*".',
    });
    Validations.of(this.node.defaultChild!).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'The project pins Node 22: the local runtime, the tests and the bundle target are Node 22; moving to a newer runtime is a deliberate, tested change.',
    });
  }

  /** Grants data access to the single table and sets TABLE_NAME. */
  bindTable(table: ITableV2, access: 'read' | 'readwrite'): this {
    if (access === 'read') table.grantReadData(this);
    else table.grantReadWriteData(this);
    this.addEnvironment('TABLE_NAME', table.tableName);
    this.acknowledgeOnRole(
      `Resource::<${logicalIdOf(table)}.Arn>/index/*`,
      'Query on the named GSIs (gsi1, gsi2, gsi3) of the one table this function uses; the index ARNs exist only under <table-arn>/index/.',
    );
    return this;
  }

  /**
   * Object access to one bucket (no bucket administration) and its name under `envName`:
   * 'read', 'readwrite' (get, put, delete), or exactly the object actions listed.
   */
  bindBucket(bucket: IBucket, envName: string, access: 'read' | 'readwrite' | readonly string[]): this {
    const objectActions =
      typeof access !== 'string' ? [...access] : access === 'read' ? ['s3:GetObject'] : ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'];
    this.addToRolePolicy(new PolicyStatement({ actions: objectActions, resources: [bucket.arnForObjects('*')] }));
    // Without ListBucket a missing key answers 403 instead of 404.
    this.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
    this.addEnvironment(envName, bucket.bucketName);
    this.acknowledgeOnRole(
      `Resource::<${logicalIdOf(bucket)}.Arn>/*`,
      `Object keys are generated per upload or per feed, so ${objectActions.join(', ')} cover the objects of this one bucket; no other bucket and no bucket-level action is granted.`,
    );
    return this;
  }

  /** Publish to one topic (and use its encryption key) and its ARN under `envName`. */
  bindTopic(topic: ITopic, envName: string): this {
    this.addToRolePolicy(new PolicyStatement({ actions: ['sns:Publish'], resources: [topic.topicArn] }));
    if (topic.masterKey) {
      // Exactly what SNS needs to publish to an encrypted topic (no GenerateDataKey* wildcard).
      this.addToRolePolicy(
        new PolicyStatement({ actions: ['kms:GenerateDataKey', 'kms:Decrypt'], resources: [topic.masterKey.keyArn] }),
      );
    }
    this.addEnvironment(envName, topic.topicArn);
    return this;
  }

  /** Read one secret and its ARN under `envName`. */
  bindSecret(secret: ISecret, envName: string): this {
    secret.grantRead(this);
    this.addEnvironment(envName, secret.secretArn);
    return this;
  }

  /**
   * USER_POOL_ID and the Cognito admin actions this function calls on that one pool; by default
   * what keeps the `admin` and `staff` groups in step with the user records.
   */
  bindUserPool(userPool: IUserPool, actions: readonly string[] = GROUP_MIRROR_ACTIONS): this {
    this.addToRolePolicy(new PolicyStatement({ actions: [...actions], resources: [userPool.userPoolArn] }));
    this.addEnvironment('USER_POOL_ID', userPool.userPoolId);
    return this;
  }

  /**
   * Cognito admin actions for a trigger of this very pool, which passes its id in every event.
   * The role's default policy cannot name the pool: the pool names the function, and the function
   * waits for its role's default policy. A separate policy on the role is outside that loop, so
   * the grant names this pool's ARN exactly instead of every pool in the account.
   */
  allowOnOwnUserPool(userPool: IUserPool, actions: readonly string[]): this {
    new Policy(this.node.scope!, `${this.node.id}UserPoolPolicy`, {
      roles: [this.role!],
      statements: [new PolicyStatement({ actions: [...actions], resources: [userPool.userPoolArn] })],
    });
    return this;
  }

  private acknowledgeOnRole(finding: string, reason: string): void {
    if (this.role) Validations.of(this.role).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
  }
}

/** The logical id cdk-nag prints for a resource, e.g. `DataTable1234ABCD`. */
export function logicalIdOf(construct: IConstruct): string {
  const element = construct.node.defaultChild as CfnElement;
  return Stack.of(construct).resolve(element.logicalId) as string;
}
