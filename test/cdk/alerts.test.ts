// The alert queue's wiring: the consumer hands each event's mail and texts on in batches to an
// encrypted, TLS-only queue; the sender runs one batch per invocation, at most ALERT_SENDERS at
// once, each keeping to its share of the SES and SMS rates, with a timeout a batch stays far
// under; a failed batch is received again, then kept in the dead-letter queue. cdk-nag stays clean.
import { beforeAll, describe, expect, it } from 'vitest';
import { ALERT_MAIL_RATE, ALERT_SENDERS, SMS_SEND_RATE } from '../../lib/alerts';
import { logicalIdOf, type ProjectFunction } from '../../lib/project-function';
import { ALERT_BATCH_PEOPLE, batchSecondsAtMost } from '../../lambdas/core/alerts/batches';
import { resourcesOfType, synthStage, type Synthesized } from './synth';

const arnOf = (logicalId: string) => ({ 'Fn::GetAtt': [logicalId, 'Arn'] });

describe('alert queue wiring (dev stage)', () => {
  let dev: Synthesized;
  let consumer: ProjectFunction;
  let sender: ProjectFunction;
  const resourceOf = (fn: ProjectFunction) => dev.json.Resources[logicalIdOf(fn)];
  const variablesOf = (fn: ProjectFunction): Record<string, unknown> => resourceOf(fn).Properties!.Environment.Variables;
  const statementsOf = (fn: ProjectFunction): any[] =>
    resourcesOfType(dev.json, 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties!.Roles).includes(`"${logicalIdOf(fn.role!)}"`))
      .flatMap(([, policy]) => policy.Properties!.PolicyDocument.Statement as any[]);

  beforeAll(() => {
    dev = synthStage('dev');
    const alerts = dev.stack.node.findChild('Alerts') as unknown as { consumer: ProjectFunction; sender: ProjectFunction };
    consumer = alerts.consumer;
    sender = alerts.sender;
  }, 120_000);

  it('queues batches on an encrypted, TLS-only queue whose failures are retried, then kept', () => {
    const alerts = dev.stack.node.findChild('Alerts') as unknown as { queue: never; deadLetters: never };
    const queueId = logicalIdOf(alerts.queue);
    const dlqId = logicalIdOf(alerts.deadLetters);
    const timeout = resourceOf(sender).Properties!.Timeout as number;
    expect(dev.json.Resources[queueId].Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      // Six times the sender's timeout, so a batch still being sent is not handed to a second sender.
      VisibilityTimeout: timeout * 6,
      RedrivePolicy: { deadLetterTargetArn: arnOf(dlqId), maxReceiveCount: 5 },
    });
    const policy = resourcesOfType(dev.json, 'AWS::SQS::QueuePolicy').find(([, p]) => JSON.stringify(p.Properties!.Queues).includes(queueId));
    expect(JSON.stringify(policy?.[1].Properties!.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    // The consumer sends to it and knows its URL; the sender is fed by it, one batch at a time.
    expect(variablesOf(consumer).ALERT_QUEUE_URL).toEqual({ Ref: queueId });
    expect(statementsOf(consumer).filter((s) => JSON.stringify(s.Action).includes('sqs:SendMessage') && JSON.stringify(s.Resource).includes(queueId))).toHaveLength(1);
    const mappings = resourcesOfType(dev.json, 'AWS::Lambda::EventSourceMapping').map(([, m]) => m.Properties!);
    expect(mappings).toContainEqual(
      expect.objectContaining({
        EventSourceArn: arnOf(queueId),
        FunctionName: { Ref: logicalIdOf(sender) },
        BatchSize: 1,
        ScalingConfig: { MaximumConcurrency: ALERT_SENDERS },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      }),
    );
  });

  it('runs each sender at its share of the rates, and a full batch far inside its timeout', () => {
    const variables = variablesOf(sender);
    // As many shares as senders may run at once: together they keep under each rate.
    expect(variables.ALERT_SENDERS).toBe(String(ALERT_SENDERS));
    expect(variables.ALERT_MAIL_RATE).toBe(String(ALERT_MAIL_RATE));
    expect(variables.SMS_SEND_RATE).toBe(String(SMS_SEND_RATE));
    const timeout = resourceOf(sender).Properties!.Timeout as number;
    const longest = batchSecondsAtMost(ALERT_BATCH_PEOPLE, { mail: ALERT_MAIL_RATE, sms: SMS_SEND_RATE }, ALERT_SENDERS);
    expect(longest).toBeLessThan(timeout / 3);
    // Far under Lambda's 15 minutes, however many people follow the council.
    expect(timeout).toBeLessThanOrEqual(5 * 60);
    // The sender mails, texts, publishes the cap notice and links to the site.
    expect(JSON.stringify(statementsOf(sender))).toContain('ses:SendEmail');
    expect(JSON.stringify(statementsOf(sender))).toContain('sms-voice:SendTextMessage');
    expect(JSON.stringify(statementsOf(sender))).toContain('sns:Publish');
    expect(variables.SITE_URL).toBeDefined();
    expect(variables.MAIL_CONFIGURATION_SET).toBeDefined();
  });

  it('has no unacknowledged cdk-nag finding', () => {
    expect(dev.findings).toEqual([]);
  });
});
