import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, Expiration, Stack, Validations } from 'aws-cdk-lib';
import {
  AuthorizationType,
  CfnApiKey,
  CfnGraphQLApi,
  Definition,
  FieldLogLevel,
  GraphqlApi,
  IntrospectionConfig,
} from 'aws-cdk-lib/aws-appsync';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { Kind, parse } from 'graphql';
import { apiDomains, LGA_BOUNDARY_FILES, ROAD_ENGINE_FILES, ROAD_GRAPH_FILE, type ApiDomain } from '../lambdas/api/domains';
import { RoadGraphAsset } from './road-graph';
import { ApiFirewall } from './api-firewall';
import { QUERY_DEPTH_LIMIT, RESOLVER_COUNT_LIMIT } from './api-limits';
import type { Mail } from './mail';
import { GROUP_MIRROR_ACTIONS, logicalIdOf, ProjectFunction, projectRoot } from './project-function';
import { mediaActions, type MediaUse } from './media-actions';
import { stageSettings } from './stage-settings';

export interface ApiProps {
  readonly stage: string;
  readonly table: ITableV2;
  readonly userPool: IUserPool;
  readonly mediaBucket: IBucket;
  readonly feedsBucket: IBucket;
  readonly eventsTopic: ITopic;
  readonly stripeSecret: ISecret;
  readonly vapidSecret: ISecret;
  /** The key that signs quote ids (billing only). */
  readonly quoteSecret: ISecret;
  readonly mail: Mail;
  /** Defaults to the shared map in lambdas/api/domains.ts; tests may pass their own. */
  readonly domains?: Record<string, ApiDomain>;
  /** The road graph the road-engine domains serve (absolute path); the shipped NSW graph by default. */
  readonly roadGraphFile?: string;
}

/** What a domain's handler reaches beyond the table. */
export type DomainNeed =
  /** The media bucket, with the object actions of MEDIA_USES[domain]. */
  | 'mediaBucket'
  | 'feedsBucket'
  /** Publishing LGA boundaries bundles (uploads/ in, feeds/ out). */
  | 'feedsBucketWrite'
  | 'eventsTopic'
  /** The group mirror actions on the user pool. */
  | 'userPoolGroups'
  /** Account administration on the user pool: deletion, demo personas, invitations. */
  | 'userPoolAdmin'
  | 'mail'
  | 'secrets'
  /** The VAPID secret only (Web Push keys), without Stripe. */
  | 'vapid'
  /** The Stripe secret only (API key and webhook signing secret). */
  | 'stripe'
  /** The key that signs quote ids. */
  | 'quoteKey';

/**
 * Grants per domain, read from each handler's imports (test/cdk/grants.test.ts checks them
 * against the adapters each entry bundles). The local runtime has no IAM, so a missing grant
 * would only show in AWS: a domain not listed here gets everything but mail.
 */
export const domainNeeds: Record<string, readonly DomainNeed[]> = {
  foundation: ['eventsTopic'],
  announcements: ['eventsTopic'],
  identity: ['eventsTopic', 'userPoolAdmin', 'mail'],
  // feedsBucket (read): the LGA boundaries of a published LGA data import (lambdas/adapters/foundation/lga-boundaries.ts).
  closures: ['eventsTopic', 'mediaBucket', 'feedsBucket'],
  media: ['eventsTopic', 'mediaBucket'],
  directions: [],
  trips: [],
  reports: ['eventsTopic', 'mediaBucket', 'feedsBucket'],
  notifications: ['vapid'],
  admin: ['mail', 'feedsBucketWrite'],
  genseed: ['eventsTopic', 'mediaBucket', 'feedsBucket'],
  billing: ['stripe', 'quoteKey'],
  // Generation is started with a domain event; the DRFA export presigns photo thumbnails and claim packs.
  comms: ['eventsTopic', 'mediaBucket'],
};
/**
 * Table actions per domain: a domain whose handler writes nothing (no resolver makes a profile,
 * and it has no keyed mutation for the idempotency records) only reads; unlisted domains read
 * and write. test/cdk/grants.test.ts reads the writes from each bundle.
 */
export const domainTableAccess: Record<string, 'read' | 'readwrite'> = {
  directions: 'read',
};

/** What each domain with the mediaBucket need does with it; a domain not listed only reads. */
export const MEDIA_USES: Record<string, readonly MediaUse[]> = {
  closures: ['read', 'untag', 'delete'],
  reports: ['read', 'untag'],
  media: ['read', 'upload', 'untag', 'delete'],
  genseed: ['untag'],
  // The DRFA export presigns photos; a claim pack is written under claim-packs/ and the staff
  // "Photos (zip)" of a claim's originals under exports/photos/, each presigned.
  comms: ['read', 'upload'],
};


export const defaultDomainNeeds: readonly DomainNeed[] = ['mediaBucket', 'feedsBucket', 'eventsTopic', 'userPoolGroups', 'secrets'];

/** The identity domain's Cognito calls (lambdas/adapters/identity/cognito.ts), on this pool only. */
export const USER_POOL_ADMIN_ACTIONS = [...GROUP_MIRROR_ACTIONS, 'cognito-idp:AdminGetUser', 'cognito-idp:AdminDeleteUser'] as const;

/** Making the demo persona accounts (demoSetActivePersona): granted only where demo mode is on. */
export const DEMO_PERSONA_ACTIONS = ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminSetUserPassword'] as const;

const schemaPath = join(projectRoot, 'lib/schema.graphql');
const operationTypes = ['Query', 'Mutation', 'Subscription'] as const;

/**
 * The AppSync API (docs/api.md): the schema contract, Cognito user pools by default and an
 * API key for public operations, one direct Lambda resolver per field, one Lambda per domain.
 */
export class Api extends Construct {
  readonly api: GraphqlApi;
  readonly functions: ProjectFunction[] = [];
  /** Host names of the HTTPS and realtime (WebSocket) endpoints, for the site's CSP. */
  readonly graphqlHost: string;
  readonly realtimeHost: string;
  /** Id (not the secret value) of the public API key. */
  readonly apiKeyId: string;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const domains = props.domains ?? apiDomains;
    assertFieldsMatchSchema(domains, readFileSync(schemaPath, 'utf8'));

    const logRole = new Role(this, 'LogRole', {
      assumedBy: new ServicePrincipal('appsync.amazonaws.com'),
      description: 'Lets AppSync write the logs of this API',
    });

    this.api = new GraphqlApi(this, 'GraphqlApi', {
      name: `road-closures-${props.stage}`,
      definition: Definition.fromFile(schemaPath),
      authorizationConfig: {
        defaultAuthorization: {
          authorizationType: AuthorizationType.USER_POOL,
          userPoolConfig: { userPool: props.userPool },
        },
        additionalAuthorizationModes: [
          {
            authorizationType: AuthorizationType.API_KEY,
            apiKeyConfig: {
              name: 'Public',
              description: 'Public operations (map, LGAs, reports, enquiries)',
              // AppSync caps keys at 365 days; each deploy moves the expiry forward again.
              expires: Expiration.after(Duration.days(365)),
            },
          },
          // SigV4 callers inside the account: the notification consumer and the reminders job
          // call publishNotification (@aws_iam only) so onNotification subscribers get it live.
          { authorizationType: AuthorizationType.IAM },
        ],
      },
      xrayEnabled: true,
      // Deep or very wide requests are refused before they cost a resolver (lib/api-limits.ts).
      queryDepthLimit: QUERY_DEPTH_LIMIT,
      resolverCountLimit: RESOLVER_COUNT_LIMIT,
      introspectionConfig: props.stage === 'prod' ? IntrospectionConfig.DISABLED : IntrospectionConfig.ENABLED,
    });
    // Logging is configured on the L1: the L2's logConfig always adds the LogRetention custom
    // resource (a Lambda of its own with a managed policy and wildcard permissions). AppSync
    // writes to this fixed group name; declaring the group sets retention and lets the role be
    // scoped to exactly this group.
    const cfnApi = this.api.node.defaultChild as CfnGraphQLApi;
    cfnApi.logConfig = {
      cloudWatchLogsRoleArn: logRole.roleArn,
      fieldLogLevel: FieldLogLevel.ERROR,
      excludeVerboseContent: true,
    };
    Validations.of(cfnApi).acknowledge({
      id: 'AwsSolutions-ASC3',
      reason:
        'Request logging is on (field errors at ERROR level); only verbose content is excluded, because it would copy bearer tokens, report text and e-mail addresses of residents into CloudWatch.',
    });
    const logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/appsync/apis/${this.api.apiId}`,
      retention: props.stage === 'prod' ? RetentionDays.THREE_MONTHS : RetentionDays.TWO_WEEKS,
    });
    logRole.addToPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );

    this.graphqlHost = cfnApi.attrGraphQlDns;
    this.realtimeHost = cfnApi.attrRealtimeDns;
    // GraphqlApi names the key's construct `${apiKeyConfig.name}ApiKey`.
    this.apiKeyId = (this.api.node.findChild('PublicApiKey') as CfnApiKey).attrApiKeyId;

    for (const [domain, spec] of Object.entries(domains)) {
      this.addDomain(domain, spec, props);
    }

    new ApiFirewall(this, 'Firewall', { resourceArn: this.api.arn });
  }

  /**
   * Lets a function call the IAM-only publishNotification mutation (and nothing else on the API)
   * and names the endpoint in GRAPHQL_URL.
   */
  /** Lets the admin domain read the depth of these dead-letter queues (and nothing else of them). */
  watchDeadLetters(queues: Record<string, IQueue>): void {
    const admin = this.functions.find((fn) => fn.entry === apiDomains.admin?.entry);
    if (!admin) return;
    admin.addEnvironment('DEAD_LETTER_QUEUES', Stack.of(this).toJsonString(Object.fromEntries(Object.entries(queues).map(([name, q]) => [name, q.queueUrl]))));
    for (const queue of Object.values(queues)) queue.grant(admin, 'sqs:GetQueueAttributes');
  }

  grantPublishNotification(fn: ProjectFunction): void {
    this.grantInternalMutation(fn, 'publishNotification');
  }

  /** Lets a function call one IAM-only internal mutation (and nothing else) and names GRAPHQL_URL. */
  grantInternalMutation(fn: ProjectFunction, fieldName: string): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['appsync:GraphQL'],
        resources: [`${this.api.arn}/types/Mutation/fields/${fieldName}`],
      }),
    );
    fn.addEnvironment('GRAPHQL_URL', this.api.graphqlUrl);
  }

  /** Lets the event consumer publish announcement changes live (IAM-only publishAnnouncementChange). */
  grantPublishAnnouncementChange(fn: ProjectFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['appsync:GraphQL'],
        resources: [`${this.api.arn}/types/Mutation/fields/publishAnnouncementChange`],
      }),
    );
    fn.addEnvironment('GRAPHQL_URL', this.api.graphqlUrl);
  }

  private graphAsset?: RoadGraphAsset;

  /** The road graph asset, when a road-engine domain serves one. */
  get roadGraphAsset(): RoadGraphAsset | undefined {
    return this.graphAsset;
  }

  /** One asset for all road-engine domains: uploaded once, fetched by each. */
  private roadGraph(props: ApiProps): RoadGraphAsset {
    this.graphAsset ??= new RoadGraphAsset(this, 'RoadGraph', props.roadGraphFile ?? join(projectRoot, ROAD_GRAPH_FILE));
    return this.graphAsset;
  }

  private addDomain(domain: string, spec: ApiDomain, props: ApiProps): void {
    const name = pascalCase(domain);
    const graph = spec.roadEngine ? this.roadGraph(props) : undefined;
    const fn = new ProjectFunction(this, `${name}Function`, {
      entry: spec.entry,
      stage: props.stage,
      service: domain,
      description: `GraphQL resolvers of the ${domain} domain`,
      ...(graph ? graph.sizing(spec.memorySize ?? 512) : { memorySize: spec.memorySize }),
      timeout: spec.timeoutSeconds ? Duration.seconds(spec.timeoutSeconds) : undefined,
      bundledFiles: [
        ...(spec.roadEngine ? ROAD_ENGINE_FILES.files : []),
        ...(spec.lgaBoundaries ? LGA_BOUNDARY_FILES.files : []),
      ],
      environment: {
        ...(spec.roadEngine ? ROAD_ENGINE_FILES.environment : {}),
        ...(spec.lgaBoundaries ? LGA_BOUNDARY_FILES.environment : {}),
      },
    }).bindTable(props.table, domainTableAccess[domain] ?? 'readwrite');
    graph?.grantFetch(fn);
    // The contract's environment names are set everywhere; access comes only with a need.
    fn.addEnvironment('MEDIA_BUCKET', props.mediaBucket.bucketName);
    fn.addEnvironment('FEEDS_BUCKET', props.feedsBucket.bucketName);
    fn.addEnvironment('EVENTS_TOPIC_ARN', props.eventsTopic.topicArn);
    fn.addEnvironment('USER_POOL_ID', props.userPool.userPoolId);
    const needs = new Set(domainNeeds[domain] ?? defaultDomainNeeds);
    if (needs.has('mediaBucket')) fn.bindBucket(props.mediaBucket, 'MEDIA_BUCKET', mediaActions(MEDIA_USES[domain] ?? ['read']));
    if (needs.has('feedsBucketWrite')) fn.bindBucket(props.feedsBucket, 'FEEDS_BUCKET', 'readwrite');
    else if (needs.has('feedsBucket')) fn.bindBucket(props.feedsBucket, 'FEEDS_BUCKET', 'read');
    if (needs.has('eventsTopic')) fn.bindTopic(props.eventsTopic, 'EVENTS_TOPIC_ARN');
    if (needs.has('userPoolAdmin')) {
      const demoMode = stageSettings(props.stage).demoMode;
      fn.bindUserPool(props.userPool, [...USER_POOL_ADMIN_ACTIONS, ...(demoMode ? DEMO_PERSONA_ACTIONS : [])]);
    }
    else if (needs.has('userPoolGroups')) {
      fn.bindUserPool(props.userPool, [...GROUP_MIRROR_ACTIONS, 'cognito-idp:AdminGetUser']);
    }
    if (needs.has('mail')) props.mail.grantSend(fn);
    if (needs.has('secrets')) {
      fn.bindSecret(props.stripeSecret, 'STRIPE_SECRET_ARN').bindSecret(props.vapidSecret, 'VAPID_SECRET_ARN');
    } else if (needs.has('vapid')) fn.bindSecret(props.vapidSecret, 'VAPID_SECRET_ARN');
    if (needs.has('stripe')) fn.bindSecret(props.stripeSecret, 'STRIPE_SECRET_ARN');
    if (needs.has('quoteKey')) fn.bindSecret(props.quoteSecret, 'QUOTE_SECRET_ARN');
    // Demo data only where the stage's settings allow it (never by the stage's name at run time).
    if (domain === 'genseed' && stageSettings(props.stage).allowGenseed) fn.addEnvironment('ALLOW_GENSEED', '1');
    this.functions.push(fn);

    const dataSource = this.api.addLambdaDataSource(`${name}Lambda`, fn, {
      description: `Direct Lambda resolvers of the ${domain} domain`,
    });
    Validations.of(dataSource).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(fn)}.Arn>:*]`,
      reason: `The data source may invoke versions and aliases of its own function (${domain}) only; the wildcard is the qualifier of that one function ARN.`,
    });

    for (const typeName of operationTypes) {
      for (const fieldName of spec.fields[typeName] ?? []) {
        // Subscription fields too: AppSync invokes them at subscribe time, which is where the
        // handler authorizes the subscriber.
        dataSource.createResolver(`${typeName}${pascalCase(fieldName)}Resolver`, { typeName, fieldName });
      }
    }
  }
}

/** Fails the synth (instead of the deployment) when the domain map and the schema drift apart. */
function assertFieldsMatchSchema(domains: Record<string, ApiDomain>, sdl: string): void {
  const declared = new Set<string>();
  for (const definition of parse(sdl).definitions) {
    if (definition.kind === Kind.OBJECT_TYPE_DEFINITION || definition.kind === Kind.OBJECT_TYPE_EXTENSION) {
      for (const field of definition.fields ?? []) declared.add(`${definition.name.value}.${field.name.value}`);
    }
  }
  const wired = new Map<string, string>();
  for (const [domain, spec] of Object.entries(domains)) {
    for (const typeName of operationTypes) {
      for (const fieldName of spec.fields[typeName] ?? []) {
        const field = `${typeName}.${fieldName}`;
        if (!declared.has(field)) throw new Error(`apiDomains.${domain} wires ${field}, which lib/schema.graphql does not declare`);
        const other = wired.get(field);
        if (other) throw new Error(`${field} is wired to both apiDomains.${other} and apiDomains.${domain}`);
        wired.set(field, domain);
      }
    }
  }
}

function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}
