import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiDomains } from '../../lambdas/api/domains';
import { defaultDomainNeeds, domainNeeds } from '../../lib/api';
import { logicalIdOf } from '../../lib/project-function';
import { REQUIRED_OUTPUTS } from '../../scripts/seed-aws';
import { resourcesOfType, synthStage, validationFindings, type Synthesized } from './synth';

const synthTimeout = 120_000;
const ref = (logicalId: string) => ({ Ref: logicalId });
const arnOf = (logicalId: string) => ({ 'Fn::GetAtt': [logicalId, 'Arn'] });

/** The CSP text of a response headers policy, with CloudFormation tokens flattened. */
function cspOf(policy: Record<string, any>): string {
  const csp = policy.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
  return typeof csp === 'string' ? csp : JSON.stringify(csp);
}

describe('dev stage', () => {
  let dev: Synthesized;
  beforeAll(() => {
    dev = synthStage('dev');
  }, synthTimeout);

  it('deploys to ap-southeast-2', () => {
    expect(dev.stack.region).toBe('ap-southeast-2');
    expect(dev.stack.stackName).toBe('RoadClosures-dev');
    expect(dev.json.Outputs.Region.Value).toBe('ap-southeast-2');
  });

  it('has no unacknowledged cdk-nag finding, warnings included', () => {
    expect(dev.findings).toEqual([]);
  });

  it('gives every acknowledgement a written reason', () => {
    const acknowledgements = Object.values(dev.json.Resources).flatMap(
      (resource) => (resource.Metadata?.cdk_nag?.rules_to_suppress ?? []) as { id: string; reason: string }[],
    );
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const { id, reason } of acknowledgements) {
      expect(id).toMatch(/^AwsSolutions-/);
      expect(reason.length, `reason of ${id}`).toBeGreaterThanOrEqual(60);
    }
  });

  it('has the single table with its three GSIs, TTL, PITR, a stream and on-demand billing', () => {
    const tables = resourcesOfType(dev.json, 'AWS::DynamoDB::GlobalTable');
    expect(tables).toHaveLength(1);
    const [, table] = tables[0];
    expect(table.DeletionPolicy).toBe('Retain');
    dev.template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayWith([
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'gsi2sk', AttributeType: 'S' },
      ]),
      GlobalSecondaryIndexes: [
        Match.objectLike({
          IndexName: 'gsi1',
          KeySchema: [
            { AttributeName: 'gsi1pk', KeyType: 'HASH' },
            { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
          ],
          // The fan-out reads each subscriber's opt-outs from the subscription through gsi1.
          Projection: { ProjectionType: 'ALL' },
        }),
        Match.objectLike({
          IndexName: 'gsi2',
          KeySchema: [
            { AttributeName: 'gsi2pk', KeyType: 'HASH' },
            { AttributeName: 'gsi2sk', KeyType: 'RANGE' },
          ],
        }),
        Match.objectLike({
          IndexName: 'gsi3',
          KeySchema: [
            { AttributeName: 'gsi3pk', KeyType: 'HASH' },
            { AttributeName: 'gsi3sk', KeyType: 'RANGE' },
          ],
        }),
      ],
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      BillingMode: 'PAY_PER_REQUEST',
      Replicas: [
        Match.objectLike({
          Region: 'ap-southeast-2',
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          DeletionProtectionEnabled: true,
        }),
      ],
    });
  });

  it('has a user pool with admin and staff groups, the app client flows and the post-confirmation trigger', () => {
    const trigger = logicalIdOf(dev.stack.auth.postConfirmation);
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8 }) },
      // The other four triggers: test/cdk/identity.test.ts.
      LambdaConfig: Match.objectLike({ PostConfirmation: arnOf(trigger) }),
    });
    const groups = resourcesOfType(dev.json, 'AWS::Cognito::UserPoolGroup').map(([, g]) => g.Properties?.GroupName);
    expect(groups.sort()).toEqual(['admin', 'staff']);
    const [[, client]] = resourcesOfType(dev.json, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties?.GenerateSecret).toBe(false);
    expect([...client.Properties!.ExplicitAuthFlows].sort()).toEqual([
      'ALLOW_CUSTOM_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_SRP_AUTH',
    ]);
    // The trigger creates the profile item, so it must be able to write the table.
    const table = logicalIdOf(dev.stack.data.table);
    dev.template.hasResourceProperties('AWS::Lambda::Function', {
      Handler: 'index.handler',
      Environment: { Variables: Match.objectLike({ TABLE_NAME: ref(table) }) },
      Role: arnOf(logicalIdOf(dev.stack.auth.postConfirmation.role!)),
    });
  });

  it('has an AppSync API with user pools by default, an API key, IAM, X-Ray and error logging', () => {
    dev.template.hasResourceProperties('AWS::AppSync::GraphQLApi', {
      AuthenticationType: 'AMAZON_COGNITO_USER_POOLS',
      AdditionalAuthenticationProviders: [{ AuthenticationType: 'API_KEY' }, { AuthenticationType: 'AWS_IAM' }],
      XrayEnabled: true,
      IntrospectionConfig: 'ENABLED',
      LogConfig: { FieldLogLevel: 'ERROR', CloudWatchLogsRoleArn: Match.anyValue(), ExcludeVerboseContent: true },
    });
    dev.template.hasResourceProperties('AWS::AppSync::ApiKey', { Expires: Match.anyValue() });
  });

  it('wires one direct Lambda resolver per field of apiDomains, one function per domain', () => {
    const expected = Object.values(apiDomains).flatMap((domain) =>
      Object.entries(domain.fields).flatMap(([typeName, fields]) => (fields ?? []).map((field) => `${typeName}.${field}`)),
    );
    const resolvers = resourcesOfType(dev.json, 'AWS::AppSync::Resolver').map(([, r]) => r.Properties!);
    expect(resolvers.map((r) => `${r.TypeName}.${r.FieldName}`).sort()).toEqual([...expected].sort());
    for (const resolver of resolvers) {
      expect(resolver.Kind).toBe('UNIT');
      expect(resolver.RequestMappingTemplate).toBeUndefined();
      expect(resolver.Code).toBeUndefined();
    }
    const dataSources = resourcesOfType(dev.json, 'AWS::AppSync::DataSource');
    expect(dataSources).toHaveLength(Object.keys(apiDomains).length);
    expect(dataSources.every(([, ds]) => ds.Properties?.Type === 'AWS_LAMBDA')).toBe(true);
    expect(dev.stack.api.functions).toHaveLength(Object.keys(apiDomains).length);
  });

  it("gives every API function the contract's environment, and the secrets only where a domain needs them", () => {
    for (const fn of dev.stack.api.functions) {
      const [, resource] = resourcesOfType(dev.json, 'AWS::Lambda::Function').find(([id]) => id === logicalIdOf(fn))!;
      const variables = Object.keys(resource.Properties!.Environment.Variables);
      expect(variables).toEqual(
        expect.arrayContaining([
          'TABLE_NAME',
          'STAGE',
          'MEDIA_BUCKET',
          'FEEDS_BUCKET',
          'EVENTS_TOPIC_ARN',
          'USER_POOL_ID',
          'POWERTOOLS_SERVICE_NAME',
          'SITE_URL',
        ]),
      );
      const domain = Object.entries(apiDomains).find(([, d]) => d.entry === fn.entry)![0];
      const needs = domainNeeds[domain] ?? defaultDomainNeeds;
      const needsSecrets = needs.includes('secrets');
      expect(variables.includes('STRIPE_SECRET_ARN'), domain).toBe(needsSecrets || needs.includes('stripe'));
      expect(variables.includes('VAPID_SECRET_ARN'), domain).toBe(needsSecrets || needs.includes('vapid'));
    }
  });

  it('puts a rate-limiting WAF with the common rule set in front of the API', () => {
    const api = logicalIdOf(dev.stack.api.api);
    dev.template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'REGIONAL',
      Rules: Match.arrayWith([
        Match.objectLike({
          Action: { Block: {} },
          Statement: { RateBasedStatement: Match.objectLike({ AggregateKeyType: 'IP', Limit: 1000 }) },
        }),
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: Match.objectLike({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' }),
          },
        }),
      ]),
    });
    dev.template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', { ResourceArn: arnOf(api) });
  });

  it('blocks public access and requires TLS on every bucket', () => {
    const buckets = resourcesOfType(dev.json, 'AWS::S3::Bucket');
    expect(buckets).toHaveLength(4);
    const policies = resourcesOfType(dev.json, 'AWS::S3::BucketPolicy');
    for (const [id, bucket] of buckets) {
      expect(bucket.Properties?.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      const policy = policies.find(([, p]) => JSON.stringify(p.Properties?.Bucket) === JSON.stringify(ref(id)));
      expect(policy, `bucket policy of ${id}`).toBeDefined();
      expect(policy![1].Properties!.PolicyDocument.Statement).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      );
    }
  });

  it('lets only the site origin use the media bucket from a browser', () => {
    dev.template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({
            AllowedMethods: Match.arrayWith(['POST', 'GET']),
            AllowedOrigins: [
              { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalIdOf(dev.stack.web.distribution), 'DomainName'] }]] },
            ],
          }),
        ],
      },
    });
  });

  it('serves the SPA with a strict CSP and lets only the embed route be framed', () => {
    const [[, distribution]] = resourcesOfType(dev.json, 'AWS::CloudFront::Distribution');
    const config = distribution.Properties!.DistributionConfig;
    const policies = Object.fromEntries(resourcesOfType(dev.json, 'AWS::CloudFront::ResponseHeadersPolicy'));
    // The app, the embed route and the open feeds.
    expect(Object.keys(policies)).toHaveLength(3);

    const defaultPolicy = policies[config.DefaultCacheBehavior.ResponseHeadersPolicyId.Ref].Properties!;
    const defaultCsp = cspOf(defaultPolicy);
    expect(defaultCsp).toContain("default-src 'self'");
    expect(defaultCsp).toContain("frame-ancestors 'none'");
    expect(defaultCsp).toContain('wss://');
    expect(defaultCsp).toContain('RealtimeDns');
    expect(defaultCsp).toContain('https://cognito-idp.ap-southeast-2.amazonaws.com');
    expect(defaultCsp).toContain("worker-src 'self' blob:");
    expect(defaultPolicy.ResponseHeadersPolicyConfig.SecurityHeadersConfig).toMatchObject({
      StrictTransportSecurity: { Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY' },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin' },
    });

    const behaviours = config.CacheBehaviors as Record<string, any>[];
    // The exact path only: a wildcard would let /lga-embed/ and /lga-embedx frame the whole app.
    expect(behaviours.filter((b) => b.PathPattern.startsWith('/lga-embed')).map((b) => b.PathPattern)).toEqual(['/lga-embed']);
    const embed = behaviours.find((b) => b.PathPattern === '/lga-embed');
    expect(embed).toBeDefined();
    const embedPolicy = policies[embed!.ResponseHeadersPolicyId.Ref].Properties!;
    expect(embed!.ResponseHeadersPolicyId.Ref).not.toBe(config.DefaultCacheBehavior.ResponseHeadersPolicyId.Ref);
    expect(cspOf(embedPolicy)).toContain('frame-ancestors *');
    expect(cspOf(embedPolicy)).not.toContain("frame-ancestors 'none'");
    expect(embedPolicy.ResponseHeadersPolicyConfig.SecurityHeadersConfig.FrameOptions).toBeUndefined();

    const feeds = behaviours.find((b) => b.PathPattern === '/feeds/*');
    expect(feeds).toBeDefined();
    expect(feeds!.TargetOriginId).not.toBe(config.DefaultCacheBehavior.TargetOriginId);
    // Open data: CORS for every origin, still never framable.
    const feedsPolicy = policies[feeds!.ResponseHeadersPolicyId.Ref].Properties!.ResponseHeadersPolicyConfig;
    expect(feedsPolicy.CorsConfig).toMatchObject({ AccessControlAllowOrigins: { Items: ['*'] }, AccessControlAllowCredentials: false, OriginOverride: true });
    expect(feedsPolicy.SecurityHeadersConfig.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    const framable = Object.values(policies).filter((p: any) => !p.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.FrameOptions);
    expect(framable).toEqual([policies[embed!.ResponseHeadersPolicyId.Ref]]);

    expect(config).toMatchObject({
      DefaultRootObject: 'index.html',
      DefaultCacheBehavior: { ViewerProtocolPolicy: 'redirect-to-https' },
      Logging: { Prefix: 'cloudfront/' },
    });
    expect(config.CustomErrorResponses).toEqual(
      expect.arrayContaining([403, 404].map((code) => expect.objectContaining({ ErrorCode: code, ResponseCode: 200, ResponsePagePath: '/index.html' }))),
    );
    // Every origin is signed by CloudFront (the buckets, and the low-bandwidth pages' function URL
    // over HTTPS) but one-click unsubscribe: mail clients POST to it, and CloudFront's signing of a
    // Lambda URL needs the viewer to hash a POST's body. Its links carry their own HMAC instead.
    const unsubscribe = behaviours.find((b) => b.PathPattern === '/alerts/unsubscribe');
    expect(unsubscribe).toMatchObject({ AllowedMethods: expect.arrayContaining(['POST']), ViewerProtocolPolicy: 'redirect-to-https' });
    const signed = config.Origins.filter((o: any) => o.Id !== unsubscribe!.TargetOriginId);
    expect(signed).toHaveLength(config.Origins.length - 1);
    expect(signed.every((o: any) => o.OriginAccessControlId && (o.S3OriginConfig || o.CustomOriginConfig?.OriginProtocolPolicy === 'https-only'))).toBe(true);
    expect(config.Origins.find((o: any) => o.Id === unsubscribe!.TargetOriginId).CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
  });

  it('serves the low-bandwidth closures pages at /text from a function URL only CloudFront may call, cached for a minute', () => {
    const [, distribution] = resourcesOfType(dev.json, 'AWS::CloudFront::Distribution')[0]!;
    const config = distribution.Properties!.DistributionConfig;
    const behaviors = config.CacheBehaviors as Record<string, any>[];
    const text = behaviors.filter((b) => b.PathPattern === '/text' || b.PathPattern === '/text/*');
    expect(text).toHaveLength(2);
    const origin = (config.Origins as Record<string, any>[]).find((o) => o.Id === text[0]!.TargetOriginId)!;
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(text[0]!.AllowedMethods).toEqual(['GET', 'HEAD']);
    const [, cachePolicy] = resourcesOfType(dev.json, 'AWS::CloudFront::CachePolicy').find(([id]) => id.includes('TextPagesCache'))!;
    expect(cachePolicy.Properties!.CachePolicyConfig).toMatchObject({ DefaultTTL: 60, MaxTTL: 300 });
    dev.template.hasResourceProperties('AWS::Lambda::Url', { AuthType: 'AWS_IAM' });
    dev.template.hasResourceProperties('AWS::Lambda::Permission', { Action: 'lambda:InvokeFunctionUrl', Principal: 'cloudfront.amazonaws.com' });
    const [, fn] = resourcesOfType(dev.json, 'AWS::Lambda::Function').find(([id]) => id.startsWith('TextPagesTextPagesFunction'))!;
    expect(fn.Properties!.Environment.Variables.TABLE_NAME).toBeDefined();
  });

  it("serves the public map's per-LGA file from the feeds bucket through a short-lived, path-only cache", () => {
    const config = resourcesOfType(dev.json, 'AWS::CloudFront::Distribution')[0][1].Properties!.DistributionConfig;
    const behaviours = config.CacheBehaviors as Record<string, any>[];
    const patterns = behaviours.map((b) => b.PathPattern);
    // The first match wins: the map file's pattern must come before the feeds' catch-all.
    expect(patterns.indexOf('/feeds/*/map.json')).toBeGreaterThanOrEqual(0);
    expect(patterns.indexOf('/feeds/*/map.json')).toBeLessThan(patterns.indexOf('/feeds/*'));
    const mapFile = behaviours.find((b) => b.PathPattern === '/feeds/*/map.json')!;
    const feeds = behaviours.find((b) => b.PathPattern === '/feeds/*')!;
    expect(mapFile.TargetOriginId).toBe(feeds.TargetOriginId);
    expect(mapFile.ResponseHeadersPolicyId).toEqual(feeds.ResponseHeadersPolicyId);
    expect(mapFile.ViewerProtocolPolicy).toBe('redirect-to-https');
    const policies = Object.fromEntries(resourcesOfType(dev.json, 'AWS::CloudFront::CachePolicy'));
    const cache = policies[mapFile.CachePolicyId.Ref].Properties!.CachePolicyConfig;
    expect(cache).toMatchObject({ MinTTL: 0, DefaultTTL: 10, MaxTTL: 60 });
    expect(cache.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: 'none' },
      HeadersConfig: { HeaderBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
      EnableAcceptEncodingGzip: true,
      EnableAcceptEncodingBrotli: true,
    });
  });

  it('runs the three schedules with retries and encrypted dead-letter queues', () => {
    const schedules = resourcesOfType(dev.json, 'AWS::Scheduler::Schedule').map(([, s]) => s.Properties!);
    expect(schedules.map((s) => s.ScheduleExpression).sort()).toEqual(['rate(1 hour)', 'rate(15 minutes)', 'rate(5 minutes)']);
    const queues = Object.fromEntries(resourcesOfType(dev.json, 'AWS::SQS::Queue'));
    for (const schedule of schedules) {
      expect(schedule.Target.RetryPolicy.MaximumRetryAttempts).toBeGreaterThan(0);
      const [queueId] = schedule.Target.DeadLetterConfig.Arn['Fn::GetAtt'];
      expect(queues[queueId].Properties).toMatchObject({ SqsManagedSseEnabled: true });
    }
    // Three schedule dead-letter queues, the three of the event consumers (notifications, push,
    // communications), the notification fan-out queue with its dead-letter queue, the alert queue
    // and the alerts' dead-letter queue (shared by their consumer, their queue and SES feedback), and
    // the saved-trip alerts' dead-letter queue.
    const queuePolicies = resourcesOfType(dev.json, 'AWS::SQS::QueuePolicy');
    expect(queuePolicies).toHaveLength(11);
    for (const [, policy] of queuePolicies) {
      expect(JSON.stringify(policy.Properties!.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('has an encrypted, TLS-only events topic that every publishing API domain may publish to', () => {
    // The domain events, and SES's bounces and complaints of alert mail (lib/alerts.ts).
    const topics = resourcesOfType(dev.json, 'AWS::SNS::Topic');
    expect(topics.map(([, t]) => t.Properties?.DisplayName).sort()).toEqual(['Replies to text alerts (STOP, START)', 'Road closure domain events', 'SES bounces and complaints of alert mail']);
    for (const [, t] of topics) expect(t.Properties?.KmsMasterKeyId).toBeDefined();
    const [topicId, topic] = topics.find(([, t]) => t.Properties?.DisplayName === 'Road closure domain events')!;
    expect(topic.Properties?.KmsMasterKeyId).toBeDefined();
    dev.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    const publishers = dev.stack.api.functions.filter((fn) => {
      const domain = Object.entries(apiDomains).find(([, d]) => d.entry === fn.entry)![0];
      return (domainNeeds[domain] ?? defaultDomainNeeds).includes('eventsTopic');
    });
    expect(publishers.length).toBeGreaterThan(0);
    for (const fn of publishers) {
      const policy = resourcesOfType(dev.json, 'AWS::IAM::Policy').find(([, p]) =>
        JSON.stringify(p.Properties?.Roles).includes(logicalIdOf(fn.role!)),
      );
      expect(JSON.stringify(policy?.[1].Properties?.PolicyDocument)).toContain(
        JSON.stringify({ Action: 'sns:Publish', Effect: 'Allow', Resource: ref(topicId) }),
      );
    }
  });

  it('has the stripe, vapid and Live Traffic NSW placeholder secrets and the generated quote and unsubscribe signing keys', () => {
    const secrets = resourcesOfType(dev.json, 'AWS::SecretsManager::Secret');
    expect(secrets).toHaveLength(5);
    for (const [, secret] of secrets) {
      expect(secret.Properties?.GenerateSecretString).toBeDefined();
      expect(secret.Properties?.SecretString).toBeUndefined();
    }
  });

  it('runs every Lambda on Node 22, arm64, with active tracing and no wildcard resource but X-Ray', () => {
    // CDK's own deploy-time handlers (bucket notifications; the web deployment, absent here
    // without a web build) are not ours to configure.
    const functions = resourcesOfType(dev.json, 'AWS::Lambda::Function').filter(
      ([id]) => !id.startsWith('BucketNotificationsHandler') && !id.startsWith('CustomCDKBucketDeployment'),
    );
    // One per API domain, six user pool triggers, three schedules, the thumbnail maker, the three
    // event consumers, the notification fan-out worker, the Stripe webhook, the low-bandwidth
    // pages, the alerts' consumer, sender, SES feedback handler, unsubscribe endpoint and SMS replies,
    // and the saved-trip alerts consumer.
    expect(functions.length).toBe(Object.keys(apiDomains).length + 22);
    for (const [, fn] of functions) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        TracingConfig: { Mode: 'Active' },
      });
    }
    for (const [, policy] of resourcesOfType(dev.json, 'AWS::IAM::Policy')) {
      for (const statement of policy.Properties!.PolicyDocument.Statement) {
        if (statement.Resource === '*') expect(statement.Action).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
        expect(JSON.stringify(statement.Action)).not.toContain('*');
      }
    }
  });

  it('makes thumbnails of uploads under media/ and has road-engine domains and the state hazards import fetch the road graph', () => {
    const functions = resourcesOfType(dev.json, 'AWS::Lambda::Function');
    const thumbnail = functions.find(([id]) => id.includes('Thumbnail'));
    expect(thumbnail).toBeDefined();
    const notifications = resourcesOfType(dev.json, 'Custom::S3BucketNotifications');
    expect(notifications).toHaveLength(1);
    const config = JSON.stringify(notifications[0][1].Properties);
    expect(config).toContain('s3:ObjectCreated:*');
    expect(config).toContain(thumbnail![0]);
    expect(config).toContain('"Value":"media/"');
    const roadEngineDomains = Object.entries(apiDomains).filter(([, d]) => d.roadEngine);
    expect(roadEngineDomains.length).toBeGreaterThan(0);
    // The graph is an S3 asset of its own (test/cdk/road-graph.test.ts), never in a package.
    const withGraph = functions.filter(([, fn]) => fn.Properties?.Environment?.Variables?.ROAD_GRAPH_KEY);
    // The state hazards import and the saved-trip alerts consumer also route.
    expect(withGraph).toHaveLength(roadEngineDomains.length + 2);
    expect(functions.filter(([, fn]) => fn.Properties?.Environment?.Variables?.ROAD_GRAPH_PATH)).toEqual([]);
  });

  it('outputs what the web app and the deployment need', () => {
    expect(Object.keys(dev.json.Outputs)).toEqual(
      expect.arrayContaining([
        'GraphQLUrl',
        'ApiKeyId',
        'UserPoolId',
        'UserPoolClientId',
        'DistributionDomainName',
        'SiteUrl',
        'Region',
        'MailFrom',
        'WebConfig',
        ...REQUIRED_OUTPUTS,
      ]),
    );
  });
});

describe('prod stage', () => {
  let prod: Synthesized;
  beforeAll(() => {
    prod = synthStage('prod');
  }, synthTimeout);

  it('protects data and hides the schema', () => {
    expect(prod.findings).toEqual([]);
    prod.template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })],
    });
    prod.template.hasResourceProperties('AWS::AppSync::GraphQLApi', { IntrospectionConfig: 'DISABLED' });
    prod.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
      DeletionProtection: 'ACTIVE',
    });
  });
});

describe('the cdk-nag check itself', () => {
  // Negative control: proves the plugin runs and that findings() sees errors and warnings.
  it('reports an insecure bucket (error) and a table without PITR (warning)', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'cdk-nag-control-'));
    const app = new App({ outdir });
    const stack = new Stack(app, 'Control');
    new Bucket(stack, 'Insecure');
    new Table(stack, 'NoBackups', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

    expect(() => app.synth()).toThrow(/AwsSolutions-S10/);
    const findings = validationFindings(outdir);
    rmSync(outdir, { recursive: true, force: true });
    expect(findings).toContain('AwsSolutions error AwsSolutions-S10 at Control/Insecure/Resource');
    expect(findings).toContain('AwsSolutions warning AwsSolutions-DDB3 at Control/NoBackups/Resource');
  });
});
