import { Duration, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Api } from './api';
import { ProjectFunction } from './project-function';

/** Fan-out workers running at once (SQS event source maximum concurrency, at least 2). */
export const FANOUT_CONCURRENCY = 10;

export interface NotificationConsumersProps {
  readonly stage: string;
  readonly table: ITableV2;
  readonly eventsTopic: ITopic;
  readonly vapidSecret: ISecret;
  readonly api: Api;
  /** The contract's environment (bucket names, topic ARN, user pool id). */
  readonly environment: Record<string, string>;
}

/**
 * The two subscribers of the events topic (docs/architecture.md#domain-events-and-their-consumers):
 * the in-app notification writer, which also publishes each stored notification live through the
 * IAM-only publishNotification mutation, and the Web Push sender, which reads the VAPID key pair
 * from its secret.
 */
export class NotificationConsumers extends Construct {
  readonly notify: ProjectFunction;
  readonly push: ProjectFunction;
  /** Dead letters by consumer id (Notify, Push). */
  readonly deadLetters: Record<'Notify' | 'Push', Queue>;
  /** The fan-out queue of big audiences, its worker and its dead letters. */
  readonly fanout: { fn: ProjectFunction; queue: Queue; deadLetters: Queue };

  constructor(scope: Construct, id: string, props: NotificationConsumersProps) {
    super(scope, id);
    const notify = this.consumer('Notify', 'lambdas/events/notify.ts', 'Writes in-app notifications for domain events', props);
    props.api.grantPublishNotification(notify.fn);
    props.api.grantPublishAnnouncementChange(notify.fn);

    const push = this.consumer('Push', 'lambdas/events/push.ts', 'Sends Web Push notifications for domain events', props);
    push.fn.bindSecret(props.vapidSecret, 'VAPID_SECRET_ARN');

    this.notify = notify.fn;
    this.push = push.fn;
    this.deadLetters = { Notify: notify.queue, Push: push.queue };
    this.fanout = this.fanoutWorker(props, notify.fn);
  }

  /**
   * Big audiences (more than 1,000 in-app recipients of one event) go through an SQS queue: the
   * notify consumer sends the deliveries 200 to a message, and a worker writes each message's
   * notifications (25 per BatchWrite, 8 in flight). At most FANOUT_CONCURRENCY workers run at
   * once, so the table and AppSync see a bounded write rate: 100,000 subscribers are 500 messages,
   * about 50 rounds of 10 workers of 1–2 s each, a minute or two in all.
   */
  private fanoutWorker(props: NotificationConsumersProps, notify: ProjectFunction): { fn: ProjectFunction; queue: Queue; deadLetters: Queue } {
    const deadLetters = new Queue(this, 'FanoutDeadLetters', {
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(deadLetters.node.defaultChild!).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter queue of the notification fan-out queue: messages the worker still fails after five receives land here for inspection and redrive.',
    });
    const timeout = Duration.minutes(1);
    const queue = new Queue(this, 'FanoutQueue', {
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      // Six times the worker's timeout, as Lambda recommends for SQS event sources.
      visibilityTimeout: Duration.minutes(6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: deadLetters, maxReceiveCount: 5 },
    });
    const fn = new ProjectFunction(this, 'FanoutFunction', {
      entry: 'lambdas/events/notify-fanout.ts',
      stage: props.stage,
      service: 'events-notify-fanout',
      description: 'Writes the in-app notifications of one fan-out message (200 recipients of an event)',
      timeout,
      environment: props.environment,
    }).bindTable(props.table, 'readwrite');
    props.api.grantPublishNotification(fn);
    fn.addEventSource(new SqsEventSource(queue, { batchSize: 1, maxConcurrency: FANOUT_CONCURRENCY, reportBatchItemFailures: true }));
    queue.grantSendMessages(notify);
    notify.addEnvironment('NOTIFY_FANOUT_QUEUE_URL', queue.queueUrl);
    return { fn, queue, deadLetters };
  }

  private consumer(
    id: 'Notify' | 'Push',
    entry: string,
    description: string,
    props: NotificationConsumersProps,
  ): { fn: ProjectFunction; queue: Queue } {
    const queue = new Queue(this, `${id}DeadLetters`, {
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(queue.node.defaultChild!).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `This queue is itself the dead-letter queue of the ${id} consumer: SNS deliveries that fail and events its handler still fails after Lambda's retries land here for inspection and redrive.`,
    });
    const fn = new ProjectFunction(this, `${id}Function`, {
      entry,
      stage: props.stage,
      service: `events-${id.toLowerCase()}`,
      description,
      // An event may fan out to every subscriber of an LGA, written and sent in batches.
      timeout: Duration.minutes(1),
      environment: props.environment,
      deadLetterQueue: queue,
    }).bindTable(props.table, 'readwrite');
    props.eventsTopic.addSubscription(new LambdaSubscription(fn, { deadLetterQueue: queue }));
    return { fn, queue };
  }
}
