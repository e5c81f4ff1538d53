// The notifications wiring (docs/architecture.md#domain-events-and-their-consumers): two SNS
// consumers with dead-letter queues, the IAM-only publishNotification mutation for the callers that
// publish live, and the VAPID secret given by ARN (never by value) to the code that sends or shows
// Web Push keys.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiDomains } from '../../lambdas/api/domains';
import { domainNeeds } from '../../lib/api';
import { logicalIdOf, type ProjectFunction } from '../../lib/project-function';
import { resourcesOfType, synthStage, type CfnResource, type Synthesized } from './synth';

const arnOf = (logicalId: string) => ({ 'Fn::GetAtt': [logicalId, 'Arn'] });

describe('notifications wiring (dev stage)', () => {
  let dev: Synthesized;
  let notify: ProjectFunction;
  let push: ProjectFunction;
  let reminders: ProjectFunction;
  let notificationsDomain: ProjectFunction;

  const resourceOf = (fn: ProjectFunction): CfnResource => dev.json.Resources[logicalIdOf(fn)];
  const variablesOf = (fn: ProjectFunction): Record<string, unknown> => resourceOf(fn).Properties!.Environment.Variables;
  const statementsOf = (fn: ProjectFunction): any[] =>
    resourcesOfType(dev.json, 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties!.Roles).includes(`"${logicalIdOf(fn.role!)}"`))
      .flatMap(([, policy]) => policy.Properties!.PolicyDocument.Statement as any[]);

  beforeAll(() => {
    dev = synthStage('dev');
    ({ notify, push } = dev.stack.notificationConsumers);
    reminders = dev.stack.node.findAll().find((c) => (c as ProjectFunction).entry === 'lambdas/schedules/reminders.ts') as ProjectFunction;
    notificationsDomain = dev.stack.api.functions.find((fn) => fn.entry === apiDomains.notifications.entry)!;
  }, 120_000);

  it('subscribes the notify and push Lambdas to the events topic, each with a TLS-only, encrypted dead-letter queue', () => {
    const [topicId] = resourcesOfType(dev.json, 'AWS::SNS::Topic').find(([, t]) => t.Properties?.DisplayName === 'Road closure domain events')!;
    const subscriptions = resourcesOfType(dev.json, 'AWS::SNS::Subscription')
      .map(([, s]) => s.Properties!)
      .filter((s) => JSON.stringify(s.TopicArn) === JSON.stringify({ Ref: topicId }));
    const alertsConsumer = dev.stack.node.findChild('Alerts').node.findChild('ConsumerFunction') as never;
    const savedTripAlerts = dev.stack.node.findAll().find((c) => (c as ProjectFunction).entry === 'lambdas/events/saved-trip-alerts.ts') as never;
    expect(subscriptions.map((s) => s.Endpoint).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual(
      [
        arnOf(logicalIdOf(notify)),
        arnOf(logicalIdOf(push)),
        arnOf(logicalIdOf(dev.stack.node.findChild('CommsConsumer').node.findChild('Function') as never)),
        arnOf(logicalIdOf(alertsConsumer)),
        arnOf(logicalIdOf(savedTripAlerts)),
      ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
    expect(notify.entry).toBe('lambdas/events/notify.ts');
    expect(push.entry).toBe('lambdas/events/push.ts');

    const queuePolicies = resourcesOfType(dev.json, 'AWS::SQS::QueuePolicy').map(([, p]) => p.Properties!);
    const queueIds = new Set<string>();
    for (const [fn, subscription] of [notify, push].map((fn) => [fn, subscriptions.find((s) => s.Endpoint['Fn::GetAtt'][0] === logicalIdOf(fn))!] as const)) {
      expect(subscription).toMatchObject({ Protocol: 'lambda', TopicArn: { Ref: topicId } });
      const [queueId] = subscription.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'];
      queueIds.add(queueId);
      expect(dev.json.Resources[queueId]).toMatchObject({ Type: 'AWS::SQS::Queue', Properties: { SqsManagedSseEnabled: true } });
      // Events the handler still fails after Lambda's own retries land in the same queue.
      expect(resourceOf(fn).Properties!.DeadLetterConfig).toEqual({ TargetArn: arnOf(queueId) });
      const policy = JSON.stringify(queuePolicies.find((p) => JSON.stringify(p.Queues).includes(queueId))!.PolicyDocument);
      expect(policy).toContain('"aws:SecureTransport":"false"');
      // SNS may move failed deliveries of this topic, and only this topic, into the queue.
      expect(policy).toContain(JSON.stringify({ ArnEquals: { 'aws:SourceArn': { Ref: topicId } } }));
      expect(statementsOf(fn)).toContainEqual(expect.objectContaining({ Action: 'sqs:SendMessage', Resource: arnOf(queueId) }));
      const invoke = resourcesOfType(dev.json, 'AWS::Lambda::Permission').map(([, p]) => p.Properties!);
      expect(invoke).toContainEqual(
        expect.objectContaining({ Principal: 'sns.amazonaws.com', FunctionName: arnOf(logicalIdOf(fn)), SourceArn: { Ref: topicId } }),
      );
    }
    expect(queueIds.size).toBe(2);
  });

  it('gives both consumers the table and the contract environment', () => {
    const table = logicalIdOf(dev.stack.data.table);
    for (const fn of [notify, push]) {
      expect(Object.keys(variablesOf(fn))).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'STAGE', 'MEDIA_BUCKET', 'FEEDS_BUCKET', 'EVENTS_TOPIC_ARN', 'USER_POOL_ID', 'POWERTOOLS_SERVICE_NAME']),
      );
      const dynamo = statementsOf(fn).filter((s) => JSON.stringify(s.Action).includes('dynamodb:'));
      expect(JSON.stringify(dynamo)).toContain('dynamodb:BatchWriteItem');
      expect(JSON.stringify(dynamo)).toContain(table);
    }
  });

  it('lets only the notify consumer, its fan-out worker, the reminders job and the saved-trip alerts call publishNotification, over IAM, and nothing else on the API', () => {
    const apiId = logicalIdOf(dev.stack.api.api);
    expect(dev.json.Resources[apiId].Properties!.AdditionalAuthenticationProviders).toContainEqual({ AuthenticationType: 'AWS_IAM' });
    const publish = {
      Action: 'appsync:GraphQL',
      Effect: 'Allow',
      Resource: { 'Fn::Join': ['', [arnOf(apiId), '/types/Mutation/fields/publishNotification']] },
    };
    const announcementChange = { ...publish, Resource: { 'Fn::Join': ['', [arnOf(apiId), '/types/Mutation/fields/publishAnnouncementChange']] } };
    const savedTripAlerts = dev.stack.node.findAll().find((c) => (c as ProjectFunction).entry === 'lambdas/events/saved-trip-alerts.ts') as ProjectFunction;
    for (const fn of [notify, dev.stack.notificationConsumers.fanout.fn, reminders, savedTripAlerts]) {
      const appsync = statementsOf(fn).filter((s) => JSON.stringify(s.Action).includes('appsync:'));
      // The notify consumer also publishes announcement changes to onAnnouncementChanged (CDK merges
      // the two grants into one statement with both resources).
      if (fn === notify) {
        expect(appsync.map((s) => ({ ...s, Resource: [s.Resource].flat() })), fn.node.path).toEqual([
          { ...publish, Resource: expect.arrayContaining([publish.Resource, announcementChange.Resource]) },
        ]);
        expect([appsync[0]!.Resource].flat()).toHaveLength(2);
      } else {
        expect(appsync, fn.node.path).toEqual([publish]);
      }
      expect(variablesOf(fn).GRAPHQL_URL, fn.node.path).toEqual({ 'Fn::GetAtt': [apiId, 'GraphQLUrl'] });
    }
    const callers = resourcesOfType(dev.json, 'AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p.Properties!.PolicyDocument).includes('appsync:GraphQL'));
    // notify, its fan-out worker, the reminders job, the saved-trip alerts, and the Stripe webhook (publishCustomerChanged).
    expect(callers).toHaveLength(5);
    expect(variablesOf(push).GRAPHQL_URL).toBeUndefined();
  });

  it('gives the push consumer and the notifications domain the VAPID secret by ARN only, never its values', () => {
    const vapid = logicalIdOf(dev.stack.node.findChild('Secrets').node.findChild('Vapid'));
    const stripe = logicalIdOf(dev.stack.node.findChild('Secrets').node.findChild('Stripe'));
    // The notifications domain also signs the codes that verify a mobile, with the alerts' key.
    const alertKey = logicalIdOf(dev.stack.node.findChild('Alerts').node.findChild('UnsubscribeSigning'));
    for (const fn of [push, notificationsDomain]) {
      expect(variablesOf(fn).VAPID_SECRET_ARN, fn.node.path).toEqual({ Ref: vapid });
      expect(variablesOf(fn).STRIPE_SECRET_ARN, fn.node.path).toBeUndefined();
      const secrets = statementsOf(fn).filter((s) => JSON.stringify(s.Action).includes('secretsmanager:'));
      expect(secrets, fn.node.path).toEqual([
        {
          Action: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'],
          Effect: 'Allow',
          Resource: fn === notificationsDomain ? [{ Ref: alertKey }, { Ref: vapid }] : { Ref: vapid },
        },
      ]);
      expect(JSON.stringify(statementsOf(fn))).not.toContain(stripe);
    }
    expect(statementsOf(notify).some((s) => JSON.stringify(s.Action).includes('secretsmanager:'))).toBe(false);
    // No secret value in the template: neither dynamic references nor VAPID keys as plain values.
    expect(JSON.stringify(dev.json)).not.toContain('resolve:secretsmanager');
    for (const [, fn] of resourcesOfType(dev.json, 'AWS::Lambda::Function')) {
      const variables = Object.keys(fn.Properties?.Environment?.Variables ?? {});
      expect(variables.filter((v) => ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'].includes(v))).toEqual([]);
    }
  });

  it('fans big audiences out through an encrypted, TLS-only SQS queue to a worker with bounded concurrency', () => {
    const { fn, queue, deadLetters } = dev.stack.notificationConsumers.fanout;
    expect(fn.entry).toBe('lambdas/events/notify-fanout.ts');
    const queueId = logicalIdOf(queue);
    const dlqId = logicalIdOf(deadLetters);
    expect(dev.json.Resources[queueId].Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 360,
      RedrivePolicy: { deadLetterTargetArn: arnOf(dlqId), maxReceiveCount: 5 },
    });
    expect(dev.json.Resources[dlqId].Properties).toMatchObject({ SqsManagedSseEnabled: true });
    for (const id of [queueId, dlqId]) {
      const policy = resourcesOfType(dev.json, 'AWS::SQS::QueuePolicy').find(([, p]) => JSON.stringify(p.Properties!.Queues).includes(id));
      expect(JSON.stringify(policy?.[1].Properties!.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
    const mappings = resourcesOfType(dev.json, 'AWS::Lambda::EventSourceMapping').map(([, m]) => m.Properties!);
    expect(mappings).toContainEqual(
      expect.objectContaining({
        EventSourceArn: arnOf(queueId),
        FunctionName: { Ref: logicalIdOf(fn) },
        BatchSize: 1,
        ScalingConfig: { MaximumConcurrency: 10 },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      }),
    );
    // The notify consumer sends to the queue (and only it), and knows its URL.
    expect(variablesOf(notify).NOTIFY_FANOUT_QUEUE_URL).toEqual({ Ref: queueId });
    const sends = statementsOf(notify).filter((s) => JSON.stringify(s.Action).includes('sqs:SendMessage') && JSON.stringify(s.Resource).includes(queueId));
    expect(sends).toHaveLength(1);
    expect(statementsOf(push).some((s) => JSON.stringify(s.Resource ?? '').includes(queueId))).toBe(false);
    expect(JSON.stringify(statementsOf(fn).filter((s) => JSON.stringify(s.Action).includes('dynamodb:')))).toContain('dynamodb:BatchWriteItem');
  });

  it('lists the notifications domain with exactly the access its handler uses: the VAPID keys, no media bucket', () => {
    expect(domainNeeds.notifications).toEqual(['vapid']);
  });
});
