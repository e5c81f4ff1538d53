import { Duration, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Api } from './api';
import { ProjectFunction } from './project-function';

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
 * The two subscribers of the events topic (DESIGN.md §8): the in-app notification writer, which
 * also publishes each stored notification live through the IAM-only publishNotification
 * mutation, and the Web Push sender, which reads the VAPID key pair from its secret.
 */
export class NotificationConsumers extends Construct {
  readonly notify: ProjectFunction;
  readonly push: ProjectFunction;
  /** Dead letters by consumer id (Notify, Push). */
  readonly deadLetters: Record<'Notify' | 'Push', Queue>;

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
